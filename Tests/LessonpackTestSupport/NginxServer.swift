import Foundation
import LessonpackSystem

/// A real nginx (Debian's, installed by scripts/setup) serving a folder on a loopback port, as a publisher would
/// serve a release: started in the foreground as the test's own child (no master process, no root), with its
/// configuration, logs and temporary files in a folder of the test's. The access log records each request's
/// method, path, status and Range header, so a test can count what a client asked for.
///
/// Switches, each a file in the server's folder that the configuration tests on every request: `failing` makes
/// every answer a 500, `slow` limits each response to 64 KB/s (to cut a download in the middle).
package final class NginxServer: @unchecked Sendable {
    package struct StartFailure: Error, CustomStringConvertible {
        package var description: String
    }

    package struct Request: Equatable, Sendable {
        package var method: String
        package var path: String
        package var status: Int
        package var range: String?

        package init(method: String, path: String, status: Int, range: String? = nil) {
            self.method = method
            self.path = path
            self.status = status
            self.range = range
        }
    }

    package let port: Int
    package let folder: String
    private let process: ChildProcess

    package var address: String { "http://127.0.0.1:\(port)/" }

    /// Starts nginx serving `root`; the server's own files go into `folder`.
    package init(serving root: String, in folder: String) throws {
        guard let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first(where: FileManager.default.isExecutableFile) else {
            throw StartFailure(description: "nginx cannot start: it is not installed (scripts/setup installs Debian's " +
                               "nginx package)")
        }
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder + "/temp", withIntermediateDirectories: true)
        var lastError = ""
        for _ in 0..<5 {
            let port = try Self.freePort()
            try Self.configuration(root: root, folder: folder, port: port)
                .write(toFile: folder + "/nginx.conf", atomically: true, encoding: .utf8)
            // ChildProcess, not Foundation's Process: nginx without a master process keeps the signal mask it is
            // started with, and a test thread's blocks SIGTERM, so it could never be stopped.
            let process: ChildProcess
            do {
                process = try ChildProcess(executable: nginx, arguments: ["-p", folder, "-c", folder + "/nginx.conf",
                                                                          "-e", folder + "/error.log"])
            } catch {
                throw StartFailure(description: "nginx cannot start: \(error.description)")
            }
            if Self.waitUntilListening(port: port, process: process) {
                self.port = port
                self.process = process
                return
            }
            process.stop()
            lastError = (try? String(contentsOfFile: folder + "/error.log", encoding: .utf8)) ?? ""
        }
        throw StartFailure(description: "nginx cannot start on a loopback port: \(lastError.suffix(600))")
    }

    deinit { stop() }

    package func stop() { process.stop() }

    package var failing: Bool {
        get { FileManager.default.fileExists(atPath: folder + "/failing") }
        set { toggle("failing", newValue) }
    }

    package var slow: Bool {
        get { FileManager.default.fileExists(atPath: folder + "/slow") }
        set { toggle("slow", newValue) }
    }

    /// Every request so far, in order.
    package func requests() -> [Request] {
        let text = (try? String(contentsOfFile: folder + "/access.log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4, let status = Int(fields[2]) else { return nil }
            return Request(method: fields[0], path: fields[1], status: status, range: fields[3] == "-" ? nil : fields[3])
        }
    }

    private func toggle(_ name: String, _ on: Bool) {
        let path = folder + "/" + name
        if on { FileManager.default.createFile(atPath: path, contents: Data()) } else { try? FileManager.default.removeItem(atPath: path) }
    }

    private static func configuration(root: String, folder: String, port: Int) -> String {
        """
        daemon off;
        master_process off;
        pid \(folder)/nginx.pid;
        error_log \(folder)/error.log;
        events { worker_connections 64; }
        http {
            log_format requests '$request_method $uri $status $http_range';
            access_log \(folder)/access.log requests;
            client_body_temp_path \(folder)/temp/body;
            proxy_temp_path \(folder)/temp/proxy;
            fastcgi_temp_path \(folder)/temp/fastcgi;
            uwsgi_temp_path \(folder)/temp/uwsgi;
            scgi_temp_path \(folder)/temp/scgi;
            types { application/json json; application/octet-stream lessonpack; }
            server {
                listen 127.0.0.1:\(port);
                root \(root);
                set $rate 0;
                if (-f \(folder)/failing) { return 500; }
                if (-f \(folder)/slow) { set $rate 64k; }
                limit_rate $rate;
                # What docs/publishing.md tells publishers: a release's hidden files (its build cache) stay private.
                location ~ /\\. { deny all; }
            }
        }
        """
    }

    /// A port the kernel just handed out and took back: nginx binds it a moment later, and a rare clash is retried.
    package static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw StartFailure(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw StartFailure(description: "cannot find a free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func waitUntilListening(port: Int, process: ChildProcess, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline && process.isRunning {
            if connects(port: port) { return true }
            usleep(20_000)
        }
        return false
    }

    private static func connects(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
