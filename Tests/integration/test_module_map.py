"""docs/architecture.md's module table must match Package.swift: every target of Sources/ and Benchmarks/ has a
row, and the row's imports are the target's dependencies (targets by name, packages' products by product
name), read from `swift package dump-package`.  No daemon needed."""

import json
import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _package_targets():
    out = subprocess.run(["swift", "package", "dump-package"], cwd=REPO, check=True, capture_output=True,
                         text=True).stdout
    targets = {}
    for t in json.loads(out)["targets"]:
        if t["type"] == "test":
            continue
        targets[t["name"]] = {next(iter(d.values()))[0] for d in t["dependencies"]}
    return targets


def _doc_rows():
    text = (REPO / "docs" / "architecture.md").read_text()
    section = text.split("## Modules", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        names = re.findall(r"`([^`]+)`", cells[0])
        imports = set() if cells[2] == "—" else {i.strip() for i in cells[2].split(",")}
        for name in names:
            rows[name] = imports
    return rows


def test_the_module_table_matches_package_swift():
    targets = _package_targets()
    rows = _doc_rows()
    assert sorted(set(targets) - set(rows)) == [], "targets with no row in docs/architecture.md"
    assert sorted(set(rows) - set(targets)) == [], "rows for targets Package.swift does not have"
    wrong = {name: (sorted(rows[name]), sorted(deps)) for name, deps in targets.items() if rows[name] != deps}
    assert wrong == {}, "imports in the doc (first) and in Package.swift (second) differ"


def test_no_module_holds_more_than_a_fifth_of_the_lines_and_no_file_more_than_300():
    counts = {}
    long_files = {}
    for folder in (REPO / "Sources").iterdir():
        counts[folder.name] = 0
        for f in folder.rglob("*.swift"):
            lines = len(f.read_text().splitlines())
            counts[folder.name] += lines
            if lines > 300:
                long_files[str(f.relative_to(REPO))] = lines
    total = sum(counts.values())
    biggest = max(counts, key=counts.get)
    assert counts[biggest] <= 0.20 * total, f"{biggest} holds {counts[biggest]} of {total} lines"
    assert long_files == {}, "files over 300 lines: split them by what they do"


def test_the_lower_layers_do_not_know_the_protocol():
    """The audio engine and the store report in their own types; the daemon maps them to the protocol's."""
    targets = _package_targets()
    for lower in ("NoiseAudio", "NoiseStore"):
        assert "NoiseProtocol" not in targets[lower], f"{lower} depends on NoiseProtocol in Package.swift"
        importing = [str(f.relative_to(REPO)) for f in (REPO / "Sources" / lower).rglob("*.swift")
                     if re.search(r"^(@testable )?import NoiseProtocol$", f.read_text(), re.M)]
        assert importing == [], f"{lower} files import NoiseProtocol"
