"""Allow `python -m generator` as an alias of the `playaid` console script."""

from generator.console import main

if __name__ == "__main__":
    main()
