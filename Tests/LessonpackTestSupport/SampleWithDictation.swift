/// The sample module with the dictation listed (after pronunciation, where the standard order puts it), reading
/// out two lines of the author's choice, l04 then l01: the sample itself lists the eight activities it was written
/// with.
package func sampleWithDictation(in folder: TemporaryFolder) throws -> String {
    let module = folder.copy(Paths.sampleModule, as: "module")
    try FixtureEdits("""
        replace module.plist
        		<string>pronunciation</string>
        ---
        		<string>pronunciation</string>
        		<string>dictation</string>
        ===
        replace module.plist
        		<string>test</string>
        	</array>
        ---
        		<string>test</string>
        	</array>
        	<key>dictationLines</key>
        	<array>
        		<string>l04</string>
        		<string>l01</string>
        	</array>
        """).apply(to: module)
    return module
}
