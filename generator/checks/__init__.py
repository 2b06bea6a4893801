"""Check: content cross-checked after each document matched its shape (`generator.content`).

`load.load_content()` is the stage's entry: it reads every game folder (`generator.reader`),
validates each document against its kind's model, runs the checks here (sources against the
rulebooks, values, consistency between documents, the scoring model, what no two games may
share) and returns frozen `Content`, or raises with every problem located; `cache` keeps
checked content between runs.
"""
