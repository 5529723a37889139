#!/usr/bin/env python3
"""Checks the links between README.md and Docs/*.md: every relative link names a file that
exists, and every `#anchor` a heading of that page (GitHub's slugs). Also checks that code
fences are balanced. Exit 1 with one line per problem."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def slug(heading):
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def outside_code(lines):
    fenced = False
    for number, line in enumerate(lines, 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def main():
    pages = ["README.md"] + sorted(
        os.path.join("Docs", name) for name in os.listdir(os.path.join(ROOT, "Docs"))
        if name.endswith(".md"))
    anchors = {}
    texts = {}
    for page in pages:
        lines = open(os.path.join(ROOT, page), encoding="utf-8").read().split("\n")
        texts[page] = lines
        anchors[page] = {slug(line.lstrip("#")) for _, line in outside_code(lines)
                         if line.startswith("#")}
    problems = []
    for page, lines in texts.items():
        if sum(line.lstrip().startswith("```") for line in lines) % 2:
            problems.append(f"{page}: unbalanced code fences")
        for number, line in outside_code(lines):
            for target in re.findall(r"\]\(([^)\s]+)\)", line):
                if re.match(r"[a-z]+:", target):
                    continue
                path, _, anchor = target.partition("#")
                resolved = os.path.normpath(os.path.join(os.path.dirname(page), path)) \
                    if path else page
                if not os.path.exists(os.path.join(ROOT, resolved)):
                    problems.append(f"{page}:{number}: {target}: no such file")
                elif anchor and anchor not in anchors.get(resolved, set()):
                    problems.append(f"{page}:{number}: {target}: no such heading")
    for problem in problems:
        print(problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
