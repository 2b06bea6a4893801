"""Allow `python -m generator` as an alias of the `playaid` console script."""

from generator.cli import main

if __name__ == "__main__":
    main()
