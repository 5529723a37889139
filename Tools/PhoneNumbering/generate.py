#!/usr/bin/env python3
"""Print the body of Domain's phone numbering table from libphonenumber's metadata.

Only facts are taken: the E.164 country codes (ITU-T assignments as libphonenumber lists them),
the trunk prefix dialled before a number at home, and for each digit a national significant
number can start with, the lengths of the numbers that do (cut to 7-15 digits in all).

    pip install phonenumbers regex
    python3 Tools/PhoneNumbering/generate.py > /tmp/rows.txt

The rows are the array of Modules/Domain/Values/PhoneNumbering+Table.swift.
"""

import phonenumbers
import regex
from phonenumbers import PhoneMetadata


def metadata(code, region):
    if region == "001":
        return PhoneMetadata.metadata_for_nongeo_region(code)
    return PhoneMetadata.metadata_for_region(region)


def ranges(values):
    values = sorted(values)
    parts, start = [], None
    for index, value in enumerate(values):
        if start is None:
            start = value
        if index + 1 == len(values) or values[index + 1] != value + 1:
            parts.append(str(start) if start == value else f"{start}-{value}")
            start = None
    return ",".join(parts)


NUMBER_TYPES = ["fixed_line", "mobile", "toll_free", "premium_rate", "shared_cost",
                "personal_number", "voip", "pager", "uan", "voicemail"]


def lengths_by_first_digit(data):
    """For each digit, the lengths of the numbers of a type whose pattern can start with it."""
    general = [n for n in data.general_desc.possible_length if n > 0]
    found = {}
    for name in NUMBER_TYPES:
        desc = getattr(data, name)
        if desc is None or not desc.national_number_pattern:
            continue
        pattern = regex.compile(desc.national_number_pattern)
        lengths = [n for n in desc.possible_length if n > 0] or general
        for digit in "0123456789":
            if pattern.fullmatch(digit, partial=True):
                found.setdefault(digit, set()).update(lengths)
    return found


def main():
    for code in sorted(phonenumbers.COUNTRY_CODE_TO_REGION_CODE):
        regions = phonenumbers.COUNTRY_CODE_TO_REGION_CODE[code]
        by_digit, trunk = {}, None
        for region in regions:
            data = metadata(code, region)
            if data is None:
                continue
            for digit, lengths in lengths_by_first_digit(data).items():
                by_digit.setdefault(digit, set()).update(lengths)
            if trunk is None and data.national_prefix:
                trunk = data.national_prefix
        width = len(str(code))
        columns = []
        for digit in sorted(by_digit):
            lengths = {n for n in by_digit[digit] if 7 <= width + n <= 15}
            if lengths:
                columns.append(f"{digit}:{ranges(lengths)}")
        if columns:
            names = ",".join(regions[:8]) + (",…" if len(regions) > 8 else "")
            print(f'    "{code} {trunk or "-"} {names} {" ".join(columns)}",')


main()
