#!/usr/bin/env python3
"""Compare the contact corpus with the references: phonenumbers and email-validator (PyPI).

    python3 compare_with_references.py contacts.jsonl

Each line of the corpus is a JSON object: `phone` or `email` (the text as written), then either
the value it gives (`e164` for a phone, `address` for an e-mail) or the `error` key it is refused
with, and `deliberate` (why) when the references decide otherwise. A row whose verdict differs
from the reference's without `deliberate`, or says `deliberate` where they agree, is listed and
the exit status is 1. Exit status 2: the references are not installed.

How the references are asked: a phone with region RU (numbers without `+` are Russian), `00`
before the digits read as `+` (the international prefix of most of the world and of the rule;
the RU metadata knows only `810`), valid when `is_valid_number` says so, giving its E.164 form;
an e-mail with `validate_email(text, check_deliverability=False)`.
"""

import json
import re
import sys

try:
    import email_validator
    import phonenumbers
except ImportError as error:
    print(f"missing {error.name}: pip install phonenumbers email-validator", file=sys.stderr)
    sys.exit(2)


def reference_phone(text):
    """The E.164 number phonenumbers reads from `text`, or None when it is not a valid number."""
    asked = re.sub(r"^(\s*)00", r"\1+", text)
    try:
        number = phonenumbers.parse(asked, "RU")
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(number):
        return None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def reference_email(text):
    """Whether email-validator accepts `text` as an address."""
    try:
        email_validator.validate_email(text, check_deliverability=False)
        return True
    except email_validator.EmailNotValidError:
        return False


def disagreement(row):
    """What the reference decides otherwise for `row`, or None when it agrees."""
    if "phone" in row:
        text, ours = row["phone"], row.get("e164")
        theirs = reference_phone(text)
        differs = ours != theirs
        said = theirs or "refused"
    else:
        text, ours = row["email"], row.get("address")
        theirs = reference_email(text)
        differs = (ours is not None) != theirs
        said = "accepted" if theirs else "refused"
    if differs and "deliberate" not in row:
        return f"{json.dumps(text, ensure_ascii=False)}: corpus {ours or row.get('error')}, reference {said}"
    if not differs and "deliberate" in row:
        return f"{json.dumps(text, ensure_ascii=False)}: listed as deliberate, but the reference agrees"
    return None


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    problems = []
    with open(sys.argv[1], encoding="utf-8") as corpus:
        for number, line in enumerate(corpus, 1):
            if line.strip():
                problem = disagreement(json.loads(line))
                if problem:
                    problems.append(f"line {number}: {problem}")
    for problem in problems:
        print(problem)
    sys.exit(1 if problems else 0)


main()
