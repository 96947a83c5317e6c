"""Checks statements against Ralph's own xAPI model (BaseXapiStatement): strict, unlike the loose check Ralph's
POST route makes. Reads JSON lines (Ralph's fs_lrs.jsonl) or a JSON array on standard input; prints one line per
statement that fails, and exits 1 if any does."""
import json
import sys

from pydantic import ValidationError
from ralph.models.xapi.base.statements import BaseXapiStatement

text = sys.stdin.read().strip()
statements = json.loads(text) if text.startswith("[") else [json.loads(line) for line in text.splitlines() if line.strip()]
failures = 0
for index, statement in enumerate(statements):
    try:
        BaseXapiStatement.model_validate(statement)
    except (ValidationError, KeyError) as error:
        failures += 1
        print(f"statement {index} ({statement.get('id')}): {error}"[:600])
print(f"{len(statements)} statements, {failures} invalid")
sys.exit(1 if failures else 0)
