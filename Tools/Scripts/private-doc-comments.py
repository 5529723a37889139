#!/usr/bin/env python3
"""Counts `///` doc comments right above private or fileprivate declarations.

Usage: private-doc-comments.py [--list] [PATH ...]   (default: Modules Apps Tools)

A block is the run of `///` lines just above a declaration; attribute lines (`@MainActor`,
`@inline(__always)`) between them are skipped. `private(set)` alone does not make a
declaration private. Prints the count per top folder and the total.
"""
import os
import re
import sys

MODIFIER = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:\w+\s+)*?(private|fileprivate)(?!\()\b")


def blocks(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    found = []
    index = 0
    while index < len(lines):
        if not lines[index].lstrip().startswith("///"):
            index += 1
            continue
        start = index
        while index < len(lines) and lines[index].lstrip().startswith("///"):
            index += 1
        following = index
        while following < len(lines) and lines[following].lstrip().startswith("@") \
                and not MODIFIER.match(lines[following].strip()):
            following += 1
        if following < len(lines) and MODIFIER.match(lines[following].strip()):
            found.append((start + 1, index - start, lines[following].strip()))
    return found


def main(arguments):
    listing = "--list" in arguments
    roots = [a for a in arguments if a != "--list"] or ["Modules", "Apps", "Tools"]
    total = 0
    for root in roots:
        count = 0
        for folder, _, names in sorted(os.walk(root)):
            for name in sorted(names):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(folder, name)
                for line, length, declaration in blocks(path):
                    count += 1
                    if listing:
                        print(f"{path}:{line}: ({length} lines) {declaration[:80]}")
        print(f"{count}\t{root}")
        total += count
    print(f"{total}\ttotal")


if __name__ == "__main__":
    main(sys.argv[1:])
