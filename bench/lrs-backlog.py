"""bench/lrs's helper: the backlog of unsent statements, the peer's batch files, and the check of what Ralph stored.

  lrs-backlog.py expand PROGRESS.SQLITE COUNT
      Copies the store's queued statements, in order and round again, until there are COUNT: each copy with a new
      statement id of its own (the table's id and the "id" inside its JSON alike) and not sent; its body otherwise
      as it was. Ids are drawn from a seeded generator, so every run makes the same backlog from the same store.
  lrs-backlog.py batches PROGRESS.SQLITE FOLDER SIZE EMAIL NAME
      Writes the unsent statements, oldest first, as JSON arrays of SIZE statements (FOLDER/batch-00001.json, ...),
      each with the actor `lessonpack sync --email EMAIL --name NAME` adds, written as sync writes its requests
      (keys sorted, no spaces): what the peer posts with curl.
  lrs-backlog.py compare FS_LRS.JSONL FS_LRS.JSONL
      Checks that two Ralph stores hold the same statements (the same ids, and the same statements once what the
      store adds itself is left out: stored, authority, version); prints how many.
"""
import json
import random
import sqlite3
import sys
import uuid


def expand(database, count):
    connection = sqlite3.connect(database)
    rows = connection.execute(
        "SELECT attemptID, verb, timestamp, body FROM statement ORDER BY position").fetchall()
    if not rows:
        sys.exit(f"{database} holds no statements to copy")
    have = len(rows)
    if have > count:
        sys.exit(f"{database} already holds {have} statements, more than {count}")
    generator = random.Random(7)
    copies = []
    for index in range(count - have):
        attempt, verb, timestamp, body = rows[index % have]
        statement = json.loads(body)
        new_id = str(uuid.UUID(int=generator.getrandbits(128), version=4))
        statement["id"] = new_id
        copies.append((new_id, attempt, verb, timestamp,
                       json.dumps(statement, ensure_ascii=False, separators=(",", ":"))))
    with connection:
        connection.executemany(
            "INSERT INTO statement (id, attemptID, verb, timestamp, body) VALUES (?, ?, ?, ?, ?)", copies)
        # Sent to no record store yet (deliveries are recorded per store).
        connection.execute("DELETE FROM delivery")
    total, unsent, ids = connection.execute(
        "SELECT COUNT(*), COUNT(*) - (SELECT COUNT(*) FROM delivery), COUNT(DISTINCT id) FROM statement").fetchone()
    connection.close()
    if (total, unsent, ids) != (count, count, count):
        sys.exit(f"the backlog has {total} statements, {unsent} unsent, {ids} ids: expected {count} of each")
    print(have)


def batches(database, folder, size, email, name):
    connection = sqlite3.connect(database)
    bodies = [row[0] for row in connection.execute(
        "SELECT body FROM statement ORDER BY position")]
    connection.close()
    actor = {"objectType": "Agent", "name": name, "mbox": "mailto:" + email}
    files = 0
    for start in range(0, len(bodies), size):
        batch = []
        for body in bodies[start:start + size]:
            statement = json.loads(body)
            statement["actor"] = actor
            batch.append(statement)
        files += 1
        with open(f"{folder}/batch-{files:05d}.json", "w", encoding="utf-8") as file:
            json.dump(batch, file, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    print(files)


def stored(path):
    statements = {}
    with open(path, encoding="utf-8") as file:
        for line in file:
            if line.strip():
                statement = json.loads(line)
                for key in ("stored", "authority", "version"):
                    statement.pop(key, None)
                statements[statement["id"]] = statement
    return statements


def compare(first, second):
    a, b = stored(first), stored(second)
    if a.keys() != b.keys():
        sys.exit(f"the stores hold different ids: {len(a.keys() - b.keys())} only in the first, "
                 f"{len(b.keys() - a.keys())} only in the second")
    different = [key for key in a if a[key] != b[key]]
    if different:
        sys.exit(f"{len(different)} statements differ between the stores, e.g. {different[0]}:\n"
                 f"{json.dumps(a[different[0]], sort_keys=True)}\n{json.dumps(b[different[0]], sort_keys=True)}")
    print(len(a))


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "expand":
        expand(arguments[0], int(arguments[1]))
    elif command == "batches":
        batches(arguments[0], arguments[1], int(arguments[2]), arguments[3], arguments[4])
    elif command == "compare":
        compare(arguments[0], arguments[1])
    else:
        sys.exit(__doc__)
