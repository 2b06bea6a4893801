"""Imported before PyYAML: gives PyYAML's pure-Python reader, which importing the package loads
and our reader never uses (libyaml reads), its pattern of non-printable characters already
compiled, written as the same set of characters without a negated class spanning Unicode. The
negated one costs 4.6 ms to compile at every start of `playaid score` (a tenth of the command's
own work), this one 0.3 ms. It goes through `re`'s own cache, keyed by the pattern's text: were
PyYAML's text or `re`'s cache to change, PyYAML compiles its own, as before."""

import re
import sys

#: yaml/reader.py's ``Reader.NON_PRINTABLE``, as PyYAML 5 and 6 write it.
_NEGATED = "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
#: The same characters: controls but tab, line feed and return; C1 controls but NEL; surrogates;
#: U+FFFE and U+FFFF.
_LISTED = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]"

_cache = getattr(re, "_cache", None)
if isinstance(_cache, dict) and "yaml.reader" not in sys.modules:
    _cache[(str, _NEGATED, 0)] = re.compile(_LISTED)
