"""make install, make uninstall and make deb, run for real on this repository's Makefile.

These tests check what the Makefile installs, not the build under NOISECLOCK_BIN. The static release
build (make release-static) takes minutes the first time (make test builds it before the tests); the module
fixture runs ``make install`` once and every other test reuses that build (.build/static), so the file takes
about a minute, most of it xz-compressing the .deb.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from types import SimpleNamespace

import pytest

import harness as H

REPO = H.REPO
CATALOG = json.loads((REPO / "sounds.json").read_text())
SOUND_IDS = [s["id"] for s in CATALOG["sounds"]]
# Every file the catalog names: each sound's own and its events' (docs/sounds.md, "Soundscapes").
SOUND_FILES = sorted({s["file"] for s in CATALOG["sounds"]}
                     | {f for s in CATALOG["sounds"] for f in s.get("events", {}).get("files", [])})
VERSION = re.search(r'static let version = "([^"]+)"',
                    (REPO / "Sources/NoiseCore/Limits.swift").read_text()).group(1)
# The first build links the release binaries; lintian and dpkg-deb's compression take a minute more.
BUILD_TIMEOUT = 45 * 60
# The desktop entry and its icon, installed as they are (docs/desktop.md).
DESKTOP = REPO / "packaging/desktop"

# One worker runs the whole file (make test's workers, --dist loadgroup): one `make install` for all, and no two
# makes in the same tree at once.
pytestmark = [pytest.mark.skipif(shutil.which("make") is None or shutil.which("dpkg-query") is None,
                                 reason="needs make on Debian"),
              pytest.mark.xdist_group("install")]


def make(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    """Runs make in the repository with a clean environment for the install variables. At the lowest priority:
    `make deb` compresses some 180 MB with xz on every core, and the other workers' tests play audio in real time
    through PulseAudio servers that a starved machine makes late (an alarm's onset heard 124 ms late, measured)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "PREFIX", "DESTDIR", "USERUNITDIR", "ZSHCOMPDIR")}
    r = subprocess.run(["nice", "-n", "19", "make", "--no-print-directory", *args], cwd=REPO, env=env, capture_output=True,
                       text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, f"make {' '.join(args)} exited {r.returncode}:\n{r.stdout[-4000:]}\n{r.stderr[-4000:]}"
    return r


def build_id(path: Path) -> str:
    out = subprocess.run(["readelf", "-n", str(path)], capture_output=True, text=True, check=True).stdout
    return re.search(r"Build ID: ([0-9a-f]+)", out).group(1)


def debug_files(libdir: str) -> list[str]:
    """Where the program's debug symbols go under a lib folder: debug/.build-id/NN/REST.debug."""
    ids = [build_id(REPO / ".build/static/share/bin/noiseclock")]
    return [f"{libdir}/debug/.build-id/{i[:2]}/{i[2:]}.debug" for i in ids]


def expected_files(prefix: str, unitdir: str) -> list[str]:
    share = f"{prefix}/share"
    return [f"{prefix}/libexec/noiseclock", f"{prefix}/bin/noised", f"{prefix}/bin/noisectl", f"{prefix}/bin/noiseweb",
            f"{prefix}/bin/noisehome",
            *debug_files(f"{prefix}/lib"),
            f"{share}/noiseclock/sounds.json",
            *[f"{share}/noiseclock/sounds/{f}" for f in SOUND_FILES],
            *[f"{share}/noiseclock/web/{p.relative_to(REPO / 'web')}" for p in sorted((REPO / "web").rglob("*")) if p.is_file()],
            f"{unitdir}/noised.service", f"{unitdir}/noised.socket", f"{unitdir}/noiseweb.service", f"{unitdir}/noiseweb.socket",
            f"{unitdir}/noisehome.service",
            f"{share}/man/man8/noised.8", f"{share}/man/man1/noisectl.1", f"{share}/man/man1/noiseweb.1",
            f"{share}/man/man1/noisehome.1",
            f"{share}/doc/noiseclock/configuration.md", f"{share}/doc/noiseclock/web.md", f"{share}/doc/noiseclock/home.md",
            f"{share}/bash-completion/completions/noisectl",
            f"{share}/zsh/site-functions/_noisectl",
            f"{share}/fish/vendor_completions.d/noisectl.fish",
            f"{share}/applications/noiseclock.desktop", f"{share}/icons/hicolor/scalable/apps/noiseclock.svg"]


def files_under(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if not p.is_dir())


def desktop_keys(path: Path) -> dict[str, str]:
    """The keys of a desktop entry's [Desktop Entry] group (comments and other groups left out)."""
    keys: dict[str, str] = {}
    group = None
    for line in path.read_text().splitlines():
        if line.startswith("["):
            group = line.strip()
        elif group == "[Desktop Entry]" and "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            keys[key.strip()] = value.strip()
    return keys


# ---------------------------------------------------------------- the desktop entry (no build needed)


def test_desktop_entry_is_valid_and_names_its_icon():
    """noised's MPRIS DesktopEntry is "noiseclock", so desktops look for noiseclock.desktop; its Icon= is the SVG
    beside it. desktop-file-validate passes it with nothing to say; lintian checks it again in make deb."""
    entry = DESKTOP / "noiseclock.desktop"
    keys = desktop_keys(entry)
    assert keys["Type"] == "Application" and keys["Name"] == "NoiseClock", keys
    assert keys["Icon"] == "noiseclock" and (DESKTOP / f"{keys['Icon']}.svg").is_file(), keys
    assert keys["Exec"].split()[0] == "noisectl" and keys["Terminal"] == "true", keys
    svg = ElementTree.parse(DESKTOP / "noiseclock.svg").getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg", svg.tag
    _, _, width, height = (float(v) for v in svg.get("viewBox").split())
    assert width == height, "an app icon is square"
    r = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True, timeout=20)
    assert r.returncode == 0 and r.stdout + r.stderr == "", r.stdout + r.stderr


@pytest.fixture(scope="module")
def installed():
    tmp = Path(tempfile.mkdtemp(prefix="ncinst-", dir="/tmp"))
    prefix = tmp / "prefix"
    prefix.mkdir()
    make("install", f"PREFIX={prefix}", timeout=BUILD_TIMEOUT)
    yield SimpleNamespace(tmp=tmp, prefix=prefix, bin=prefix / "bin", share=prefix / "share",
                          units=prefix / "lib/systemd/user")
    shutil.rmtree(tmp, ignore_errors=True)


# ---------------------------------------------------------------- make install


def test_install_puts_every_file_in_the_prefix(installed):
    p = installed.prefix
    expected = expected_files(str(p), str(installed.units))
    missing = [f for f in expected if not Path(f).is_file()]
    assert not missing, f"not installed: {missing}"
    for name in ("noised", "noisectl"):
        assert os.access(installed.bin / name, os.X_OK), name
    manifest = installed.share / "noiseclock/install-manifest"
    listed = [line.split(" ", 1)[1] for line in manifest.read_text().splitlines() if line.startswith("file ")]
    assert sorted(listed) == sorted(expected)
    # Nothing else: every file under the prefix is listed, except the manifest itself.
    assert sorted(str(f) for f in files_under(p) if f != manifest) == sorted(expected)


def test_installed_binaries_do_not_need_the_swift_toolchain(installed):
    # Debian's libraries only: the C libraries noised bridges, those they pull in (libsndfile's codecs and
    # libmp3lame, libsoxr's OpenMP runtime), the C and C++ runtimes. Nothing of the Swift toolchain.
    common = (r"linux-vdso|ld-linux[-\w]*|libc|libm|libstdc\+\+|libgcc_s|libasound|libmpg123|libsqlite3|libsndfile|"
              r"libsoxr|libFLAC|libvorbis|libvorbisenc|libopus|libogg|libmp3lame|libgomp")
    # libsystemd for noised's sd-bus, its D-Bus client (docs/desktop.md), and what Debian 12's libsystemd0 links:
    # libcap, libgcrypt with libgpg-error, liblz4, liblzma, libzstd. libz too: swift-nio-extras (under
    # AsyncHTTPClient) names it on the link line beside its own copy of zlib.
    systemd = r"libsystemd|libcap|libgcrypt|libgpg-error|liblz4|liblzma|libzstd|libz"
    # noised, noisectl and noiseweb are one program (noiseclock): ldd on any name reads the same file. libqrencode
    # is for `noisectl web pair`'s QR code, with the libpthread Debian 12's libqrencode4 names.
    allowed = re.compile(rf"^({common}|{systemd}|libqrencode|libpthread)\.so")
    for program in ("noised", "noiseweb", "noisectl"):
        out = subprocess.run(["ldd", str(installed.bin / program)], capture_output=True, text=True, check=True).stdout
        libs = [line.split()[0].rsplit("/", 1)[-1] for line in out.splitlines() if line.strip()]
        assert "/opt/swift" not in out and "not found" not in out, out
        assert all(allowed.match(lib) for lib in libs), f"{program} links {libs}"
        assert "libasound.so.2" in out and "libmpg123.so.0" in out and "libsystemd.so.0" in out, out


def test_noised_noisectl_and_noiseweb_are_one_program(installed):
    """noised, noisectl and noiseweb are relative links to PREFIX/libexec/noiseclock (docs/install.md: the Swift
    runtime on disk once for the three); it runs the one it is started as, and says so when it is started as
    something else. It is fully RELRO, with no RUNPATH."""
    program = installed.prefix / "libexec/noiseclock"
    for name in ("noised", "noisectl", "noiseweb", "noisehome"):
        link = installed.bin / name
        assert link.is_symlink() and os.readlink(link) == "../libexec/noiseclock", name
        assert link.resolve() == program.resolve()
    r = subprocess.run([str(program), "--version"], capture_output=True, text=True, timeout=20)
    assert r.returncode == 2 and "run as noised, noisectl, noiseweb or noisehome" in r.stderr, (r.returncode, r.stderr)
    for binary in (program,):
        dynamic = subprocess.run(["readelf", "-d", str(binary)], capture_output=True, text=True, check=True).stdout
        assert "RUNPATH" not in dynamic and "RPATH" not in dynamic, dynamic
        assert re.search(r"\(FLAGS\)\s+BIND_NOW", dynamic) and re.search(r"\(FLAGS_1\)\s+Flags: NOW PIE", dynamic), dynamic
        segments = subprocess.run(["readelf", "-lW", str(binary)], capture_output=True, text=True, check=True).stdout
        assert "GNU_RELRO" in segments, segments
    for name in ("noised", "noisectl", "noiseweb", "noisehome"):
        r = subprocess.run([str(installed.bin / name), "--help"], capture_output=True, text=True, timeout=20,
                           env=H.base_env({}))
        assert r.returncode == 0 and f"USAGE: {name}" in r.stdout, (name, r.stderr)


def test_installed_binaries_are_stripped_with_their_debug_symbols_beside(installed):
    """Stripped as dh_strip does; the symbols are in PREFIX/lib/debug/.build-id, where gdb looks by build id,
    and each binary names its file (.gnu_debuglink)."""
    for debug in debug_files(str(installed.prefix / "lib")):
        binary = installed.prefix / "libexec/noiseclock"
        kind = subprocess.run(["file", "-L", str(binary)], capture_output=True, text=True, check=True).stdout
        assert ", stripped" in kind and "with debug_info" not in kind, kind
        symbols = subprocess.run(["file", "-L", debug], capture_output=True, text=True, check=True).stdout
        assert "with debug_info" in symbols and build_id(binary) in symbols, symbols
        link = subprocess.run(["readelf", "--string-dump=.gnu_debuglink", str(binary)], capture_output=True,
                              text=True, errors="replace", check=True).stdout
        assert Path(debug).name in link, link
        # The symbols are the unstripped binary's, which is far larger than what is installed.
        assert binary.stat().st_size < (REPO / ".build/static/release/noiseclock").stat().st_size * 0.8


def test_desktop_entry_and_icon_are_installed(installed):
    """In PREFIX/share/applications and the hicolor theme's scalable/apps, unchanged: desktops and noised find them
    there when PREFIX/share is an XDG data folder (~/.local/share, /usr/local/share, /usr/share)."""
    entry = installed.share / "applications/noiseclock.desktop"
    icon = installed.share / "icons/hicolor/scalable/apps/noiseclock.svg"
    assert entry.read_bytes() == (DESKTOP / "noiseclock.desktop").read_bytes()
    assert icon.read_bytes() == (DESKTOP / "noiseclock.svg").read_bytes()
    keys = desktop_keys(entry)
    assert keys["Icon"] == icon.stem
    # Exec= names the command, found on PATH, as Debian's entries do; it is one of ours.
    assert os.access(installed.bin / keys["Exec"].split()[0], os.X_OK), keys["Exec"]


def test_units_start_the_installed_daemon(installed):
    for unit in ("noised.service", "noised.socket", "noiseweb.service", "noiseweb.socket", "noisehome.service"):
        source = (REPO / "packaging/systemd" / unit).read_text().splitlines()
        ours = (installed.units / unit).read_text().splitlines()
        assert len(ours) == len(source)
        changed = [(a, b) for a, b in zip(source, ours) if a != b]
        if unit.endswith(".service"):
            program = unit.removesuffix(".service")
            assert [b for _, b in changed] == [f"ExecStart={installed.bin}/{program}"]
        else:
            assert changed == []


def test_installed_daemon_serves_the_installed_catalog(installed):
    root = installed.tmp / "run"
    env = H.base_env(H.make_env_dirs(root))   # HOME and XDG_* in the temp folder: nothing in the real home
    env.pop("NOISECLOCK_DATA_DIR", None)
    sock = root / "s"
    with open(root / "noised.log", "wb") as log:
        proc = H._register(subprocess.Popen(
            [str(installed.bin / "noised"), "--device", "null", "--socket", str(sock), "--log-level", "debug"],
            env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT))
    try:
        def listening() -> bool:
            if proc.poll() is not None:
                raise H.Fatal(f"noised exited {proc.returncode}:\n{(root / 'noised.log').read_text()}")
            return sock.exists()

        H.wait_until(listening, 15, desc="the installed noised to listen")
        r = subprocess.run([str(installed.bin / "noisectl"), "--socket", str(sock), "--json", "sounds"],
                           env=env, capture_output=True, text=True, timeout=20)
        assert r.returncode == 0, r.stderr
        sounds = json.loads(r.stdout)["sounds"]
        assert [s["id"] for s in sounds] == SOUND_IDS
        data = installed.share / "noiseclock"
        for s in sounds:
            assert s["source"] == "builtin"
            assert Path(s["file"]) == data / "sounds" / Path(s["file"]).name, s
        text = subprocess.run([str(installed.bin / "noisectl"), "--socket", str(sock), "sounds"],
                              env=env, capture_output=True, text=True, timeout=20).stdout
        assert all(re.search(rf"^{i}\s", text, re.M) for i in SOUND_IDS), text
    finally:
        H.stop_process(proc, sig=signal.SIGTERM)
    assert proc.returncode == 0, (root / "noised.log").read_text()
    log_text = (root / "noised.log").read_text()
    assert f"sounds from {data}" in log_text
    # The static Swift runtime's executor hook is reached: Swift's tasks run on NIO's loops, not on libdispatch,
    # whose worker pool would wake the idle daemon once a second (docs/performance.md, row 4c).
    assert "Swift concurrency runs on SwiftNIO's event loops" in log_text, log_text
    assert "runs on libdispatch" not in log_text, log_text
    # Its state went where XDG_STATE_HOME said.
    assert (root / "state/noised/noised.sqlite").exists()


def test_installed_programs_answer_help(installed):
    for name in ("noised", "noisectl"):
        r = subprocess.run([str(installed.bin / name), "--help"], capture_output=True, text=True, timeout=20,
                           env=H.base_env({}))
        assert r.returncode == 0, r.stderr
        assert f"USAGE: {name}" in r.stdout
    version = subprocess.run([str(installed.bin / "noised"), "--version"], capture_output=True, text=True)
    assert version.stdout.strip() == VERSION


@pytest.mark.parametrize("name,section", [("noised", 8), ("noisectl", 1), ("noisehome", 1)])
def test_man_pages_are_generated_and_render(installed, name, section):
    page = installed.share / f"man/man{section}/{name}.{section}"
    text = page.read_text()
    # swift-argument-parser writes mdoc: .Dt NAME SECTION (what .TH is in the man macros).
    assert re.search(rf"^\.(Dt|TH) {name.upper()} {section}\b", text, re.M), text[:300]
    assert f".Nm {name}" in text
    if shutil.which("man") is None:
        pytest.skip("man is not installed; checked the header only")
    # As lintian runs it: any groff or mdoc warning is printed on stderr.
    r = subprocess.run(["man", "--warnings", "-E", "UTF-8", "-l", "-Tutf8", "-Z", str(page)], capture_output=True,
                       text=True, timeout=30, env={**os.environ, "LC_ALL": "C.UTF-8"})
    assert r.returncode == 0 and r.stderr == "", r.stderr
    r = subprocess.run(["man", "-l", str(page)], capture_output=True, text=True, timeout=30,
                       env={**os.environ, "MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "100"})
    assert r.returncode == 0, r.stderr
    headings = re.findall(r"^([A-Z][A-Z ]+)$", r.stdout, re.M)
    for heading in ("NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS",
                    "EXAMPLES", "SEE ALSO"):
        assert heading in headings, f"{heading} missing from {name}({section}): {headings}"
    synopsis = r.stdout.split("SYNOPSIS", 1)[1].split("DESCRIPTION", 1)[0]
    assert "subcommand" not in synopsis, synopsis
    # Every option the program knows is on its page (the options are filled in from the parser).
    dump = json.loads(subprocess.run([str(installed.bin / name), "--experimental-dump-help"], capture_output=True,
                                     text=True, check=True).stdout)
    options: set[str] = set()

    def walk(command: dict) -> None:
        options.update(f"--{n['name']}" for a in command.get("arguments", []) if a.get("shouldDisplay", True)
                       for n in a.get("names", []) if n["kind"] == "long")
        for sub in command.get("subcommands", []):
            walk(sub)

    walk(dump["command"])
    missing = sorted(o for o in options if not re.search(rf"(?<![\w-]){re.escape(o)}(?![\w-])", r.stdout))
    assert not missing, f"not on the page of {name}: {missing}"


def test_completions_are_generated_by_noisectl(installed):
    share = installed.share
    bash = share / "bash-completion/completions/noisectl"
    r = subprocess.run(["bash", "-c", f"source {bash} && complete -p noisectl"], capture_output=True,
                       text=True, timeout=20)
    assert r.returncode == 0 and "noisectl" in r.stdout, r.stderr
    assert (share / "zsh/site-functions/_noisectl").read_text().startswith("#compdef noisectl")
    assert "complete -c 'noisectl'" in (share / "fish/vendor_completions.d/noisectl.fish").read_text()
    for shell, path in (("zsh", share / "zsh/site-functions/_noisectl"),
                        ("fish", share / "fish/vendor_completions.d/noisectl.fish")):
        if shutil.which(shell):
            r = subprocess.run([shell, "-n", str(path)], capture_output=True, text=True, timeout=20)
            assert r.returncode == 0, f"{shell}: {r.stderr}"


def test_bash_completes_sounds_alarms_and_zones_from_noisectl(installed):
    """The installed bash completion, with the installed noisectl on PATH, asks a running daemon."""
    root = installed.tmp / "complete"
    env = H.base_env(H.make_env_dirs(root))
    env["PATH"] = f"{installed.bin}:{env['PATH']}"
    sock = root / "s"
    with open(root / "noised.log", "wb") as log:
        proc = H._register(subprocess.Popen([str(installed.bin / "noised"), "--device", "null", "--socket", str(sock)],
                                            env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT))
    try:
        H.wait_until(lambda: sock.exists() or proc.poll() is not None, 15, desc="the installed noised to listen")
        added = subprocess.run(["noisectl", "--socket", str(sock), "alarm", "add", "07:00"], env=env,
                               capture_output=True, text=True, timeout=20)
        assert added.returncode == 0, added.stderr
        script = installed.share / "bash-completion/completions/noisectl"

        def complete(line: str) -> list[str]:
            # What bash sets before calling the completion function for a line typed up to its end.
            program = f"""
                source {script}
                COMP_LINE="$1"; COMP_POINT=${{#COMP_LINE}}
                read -r -a COMP_WORDS <<< "$COMP_LINE"
                [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); COMPREPLY=()
                _noisectl noisectl "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
                printf '%s\\n' "${{COMPREPLY[@]}}"
                """
            r = subprocess.run(["bash", "-c", program, "bash", line], env=env, capture_output=True, text=True,
                               timeout=30)
            assert r.returncode == 0, r.stderr
            return [w for w in r.stdout.split("\n") if w]

        assert complete(f"noisectl play --socket {sock} ") == SOUND_IDS
        assert complete(f"noisectl play --socket {sock} b") == [i for i in SOUND_IDS if i.startswith("b")]
        assert complete(f"noisectl alarm edit --socket {sock} 1 --sound c") == \
            [i for i in SOUND_IDS if i.startswith("c")]
        assert complete(f"noisectl alarm show --socket {sock} ") == ["1"]
        # A saved mix's name for mix remove; a timer's id for timer cancel.
        for args in (["play", "rain"], ["mix", "save", "night"], ["timer", "10m"]):
            r = subprocess.run(["noisectl", "--socket", str(sock), *args], env=env, capture_output=True, text=True,
                               timeout=20)
            assert r.returncode == 0, r.stderr
        assert complete(f"noisectl mix remove --socket {sock} ") == ["night"]
        assert complete(f"noisectl timer cancel --socket {sock} ") == ["2"]
        assert complete("noisectl world add Europe/Berl") == ["Europe/Berlin"]
        assert "America/New_York" in complete("noisectl alarm when 7:00 --zone America/New_")
        # No daemon at that socket: nothing to offer, and no error printed into the prompt.
        assert complete(f"noisectl play --socket {root}/none ") == []
    finally:
        H.stop_process(proc, sig=signal.SIGTERM)


@pytest.mark.parametrize("prefix", ["default", "/usr/local"])
def test_destdir_staging_and_where_units_go(installed, tmp_path, prefix):
    """The default prefix is ~/.local, whose units go where systemd --user looks in the home; /usr/local's
    go to /usr/local/lib/systemd/user. DESTDIR stages both without touching the real folders."""
    stage = tmp_path / "stage"
    args = [f"DESTDIR={stage}"] + ([] if prefix == "default" else [f"PREFIX={prefix}"])
    make("install", *args)
    if prefix == "default":
        home = os.environ["HOME"].rstrip("/")
        prefix = f"{home}/.local"
        unitdir = f"{os.environ.get('XDG_DATA_HOME') or home + '/.local/share'}/systemd/user"
    else:
        unitdir = f"{prefix}/lib/systemd/user"
    expected = expected_files(prefix, unitdir)
    missing = [f for f in expected if not Path(f"{stage}{f}").is_file()]
    assert not missing, f"not staged: {missing}"
    assert f"ExecStart={prefix}/bin/noised\n" in Path(f"{stage}{unitdir}/noised.service").read_text()
    assert Path(f"{stage}{prefix}/share/noiseclock/install-manifest").read_text().count("\nfile ") == len(expected)
    make("uninstall", *args)
    assert list(stage.iterdir()) == []


# ---------------------------------------------------------------- make uninstall


def test_uninstall_leaves_the_prefix_empty(installed, tmp_path):
    prefix = tmp_path / "p"
    prefix.mkdir()
    make("install", f"PREFIX={prefix}")
    assert len(files_under(prefix)) > 20
    # It needs no build (make -n shows no swift), and removes everything.
    assert "swift" not in make("-n", "uninstall", f"PREFIX={prefix}").stdout
    make("uninstall", f"PREFIX={prefix}")
    assert list(prefix.iterdir()) == []


def test_uninstall_removes_nothing_else(installed, tmp_path):
    """Folders that held something before install stay, with their other files; a second install
    (an upgrade) does not forget which folders the first one created."""
    prefix = tmp_path / "p"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "bin/other-tool").write_text("#!/bin/sh\n")
    (prefix / "share/man/man1").mkdir(parents=True)
    (prefix / "share/applications").mkdir(parents=True)
    (prefix / "share/applications/other.desktop").write_text("[Desktop Entry]\n")
    make("install", f"PREFIX={prefix}")
    make("install", f"PREFIX={prefix}")
    (prefix / "share/fish/vendor_completions.d/someone-else.fish").write_text("# not ours\n")
    (prefix / "share/icons/hicolor/scalable/apps/someone-else.svg").write_text("<svg/>\n")
    make("uninstall", f"PREFIX={prefix}")
    assert files_under(prefix) == [prefix / "bin/other-tool", prefix / "share/applications/other.desktop",
                                   prefix / "share/fish/vendor_completions.d/someone-else.fish",
                                   prefix / "share/icons/hicolor/scalable/apps/someone-else.svg"]
    assert sorted(str(d.relative_to(prefix)) for d in prefix.rglob("*") if d.is_dir()) == [
        "bin", "share", "share/applications", "share/fish", "share/fish/vendor_completions.d", "share/icons",
        "share/icons/hicolor", "share/icons/hicolor/scalable", "share/icons/hicolor/scalable/apps", "share/man",
        "share/man/man1"]


# ---------------------------------------------------------------- make deb


def test_deb_package(installed):
    make("deb", timeout=BUILD_TIMEOUT)     # also runs lintian, which fails on any warning or error
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True).stdout.strip()
    deb = REPO / f".build/deb/noiseclock_{VERSION}_{arch}.deb"
    assert deb.is_file()

    def field(name: str) -> str:
        return subprocess.run(["dpkg-deb", "--field", str(deb), name], capture_output=True, text=True,
                              check=True).stdout.strip()

    assert field("Package") == "noiseclock"
    assert field("Version") == VERSION
    assert field("Architecture") == arch
    depends = [d.strip().split()[0] for d in field("Depends").split(",")]
    for lib in ("libasound2", "libmpg123-0", "libsqlite3-0", "libc6"):
        assert lib in depends, field("Depends")
    # dpkg-shlibdeps names the package of each library the program links itself: libsystemd0 for noised's sd-bus,
    # libqrencode4 for noisectl's QR code.
    assert "libsystemd0" in depends and "libqrencode4" in depends, field("Depends")
    # Loaded with dlopen (docs/dependencies.md), so named by hand: libical3 (noised's holidays), libmosquitto1
    # (noisehome's MQTT).
    assert "libical3" in depends and "libmosquitto1" in depends, field("Depends")
    assert int(field("Installed-Size")) > 1000

    listing = subprocess.run(["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True,
                             check=True).stdout
    # A link's line ends "./usr/bin/noised -> ../libexec/noiseclock".
    paths = {line.split(" -> ")[0].split()[-1].removeprefix(".") for line in listing.splitlines()}
    links = {line.split()[-3].removeprefix("."): line.split()[-1] for line in listing.splitlines() if line.startswith("l")}
    assert links == {f"/usr/bin/{name}": "../libexec/noiseclock"
                     for name in ("noised", "noisectl", "noiseweb", "noisehome")}, links
    expected = {"/usr/libexec/noiseclock", "/usr/bin/noised", "/usr/bin/noisectl", "/usr/bin/noiseweb",
                "/usr/bin/noisehome",
                "/usr/share/noiseclock/sounds.json",
                *(f"/usr/share/noiseclock/sounds/{f}" for f in SOUND_FILES),
                *(f"/usr/share/noiseclock/web/{p.relative_to(REPO / 'web')}" for p in (REPO / "web").rglob("*") if p.is_file()),
                "/usr/lib/systemd/user/noised.service", "/usr/lib/systemd/user/noised.socket",
                "/usr/lib/systemd/user/noiseweb.service", "/usr/lib/systemd/user/noiseweb.socket",
                "/usr/lib/systemd/user/noisehome.service",
                "/usr/share/man/man8/noised.8.gz", "/usr/share/man/man1/noisectl.1.gz",
                "/usr/share/man/man1/noiseweb.1.gz", "/usr/share/doc/noiseclock/web.md.gz",
                "/usr/share/man/man1/noisehome.1.gz", "/usr/share/doc/noiseclock/home.md.gz",
                "/usr/share/bash-completion/completions/noisectl",
                "/usr/share/zsh/vendor-completions/_noisectl",
                "/usr/share/fish/vendor_completions.d/noisectl.fish",
                "/usr/share/applications/noiseclock.desktop",
                "/usr/share/icons/hicolor/scalable/apps/noiseclock.svg",
                "/usr/share/doc/noiseclock/copyright", "/usr/share/doc/noiseclock/changelog.gz",
                "/usr/share/doc/noiseclock/configuration.md.gz", "/usr/share/lintian/overrides/noiseclock"}
    assert expected <= paths, f"missing from the package: {sorted(expected - paths)}"
    files = {p for p in paths if not p.endswith("/")}
    assert files == expected, f"unexpected in the package: {sorted(files - expected)}"
    assert all(line.split()[1] == "root/root" for line in listing.splitlines())

    service = subprocess.run(f"dpkg-deb --fsys-tarfile {deb} | tar -xO ./usr/lib/systemd/user/noised.service",
                             shell=True, capture_output=True, text=True, check=True).stdout
    assert "\nExecStart=/usr/bin/noised\n" in service
    control = subprocess.run(["dpkg-deb", "--info", str(deb), "md5sums"], capture_output=True, text=True,
                             check=True).stdout
    assert "usr/libexec/noiseclock" in control

    # The binaries are stripped; their symbols are in the -dbgsym package, by build id.
    unpacked = Path(tempfile.mkdtemp(prefix="ncdeb-", dir="/tmp"))
    try:
        subprocess.run(["dpkg-deb", "-x", str(deb), str(unpacked)], check=True)
        kind = subprocess.run(["file", str(unpacked / "usr/libexec/noiseclock")], capture_output=True, text=True,
                              check=True).stdout
        assert ", stripped" in kind, kind
        # The desktop entry and its icon as they are in packaging/desktop (lintian has checked the entry).
        for name, path in (("noiseclock.desktop", "usr/share/applications/noiseclock.desktop"),
                           ("noiseclock.svg", "usr/share/icons/hicolor/scalable/apps/noiseclock.svg")):
            assert (unpacked / path).read_bytes() == (DESKTOP / name).read_bytes(), path
    finally:
        shutil.rmtree(unpacked, ignore_errors=True)
    dbgsym = REPO / f".build/deb/noiseclock-dbgsym_{VERSION}_{arch}.deb"
    assert dbgsym.is_file()
    info = subprocess.run(["dpkg-deb", "--field", str(dbgsym)], capture_output=True, text=True, check=True).stdout
    assert "Package: noiseclock-dbgsym" in info and f"Depends: noiseclock (= {VERSION})" in info, info
    ids = [build_id(REPO / ".build/static/share/bin/noiseclock")]
    assert re.search(r"^Build-Ids: (.*)$", info, re.M).group(1).split() == ids, info
    listing = subprocess.run(["dpkg-deb", "--contents", str(dbgsym)], capture_output=True, text=True,
                             check=True).stdout
    files = sorted(line.split()[-1].removeprefix(".") for line in listing.splitlines() if line.startswith("-"))
    assert files == sorted(debug_files("/usr/lib")), files
    # Its copyright and changelog are noiseclock's, as in Debian's own -dbgsym packages.
    assert "./usr/share/doc/noiseclock-dbgsym -> noiseclock" in listing, listing
