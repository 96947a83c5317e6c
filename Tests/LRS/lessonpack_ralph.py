"""Ralph's LRS app (ralph-malph 5.1.0) as the tests run it: file-system backend, on a loopback port.

Two faults of Ralph 5.1.0's file-system backend are put right here, before the app is imported; both are in how
the backend is set up, not in what Ralph checks, so every statement still goes through Ralph's own routes and
validation:

1. FSLRSBackend inherits the operation type CREATE from the generic file backend, so every POST after the first
   fails with 500 ("fs_lrs.jsonl already exists and overwrite is not allowed"). Statements are appended instead.
2. The statements route wraps ?verb= and ?activity= in Ralph's IRI type, which never compares equal to the stored
   string, so those filters find nothing. They are compared as strings.
"""
from ralph.backends.data.base import BaseOperationType
from ralph.backends.lrs.fs import FSLRSBackend

FSLRSBackend.default_operation_type = BaseOperationType.APPEND

_filter_by_verb = FSLRSBackend._add_filter_by_verb
_filter_by_activity = FSLRSBackend._add_filter_by_activity


def _text(value):
    return None if value is None else str(value)


FSLRSBackend._add_filter_by_verb = staticmethod(
    lambda filters, verb_id: _filter_by_verb(filters, _text(verb_id))
)
FSLRSBackend._add_filter_by_activity = staticmethod(
    lambda filters, object_id, related: _filter_by_activity(filters, _text(object_id), related)
)

from ralph.api import app  # noqa: E402  (reads the settings and makes the backend)

__all__ = ["app"]
