"""A real Chromium for the web tests, driven through Selenium and Debian's chromedriver: headless, one per test
worker (started once, a fresh tab state per test), logged in to a test's noiseweb the way a person is, through the
URL ``noisectl web`` prints. Screenshots go to ``.build/screenshots/`` for people to look at; nothing compares them."""

from __future__ import annotations

import os
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

import harness as H
import web_harness as WH

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SCREENSHOTS = H.REPO / ".build" / "screenshots"


def start_chromium(width: int = 1280, height: int = 720, env: dict | None = None) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", f"--window-size={width},{height}", "--disable-gpu", "--no-first-run",
                     "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--mute-audio", "--hide-scrollbars"):
        options.add_argument(argument)
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")  # Chromium's sandbox refuses to run as root
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # `env`: a HOME of the test's own, whose NSS database (~/.pki/nssdb) trusts noiseweb's certificate authority.
    return webdriver.Chrome(service=Service(CHROMEDRIVER, env=env), options=options)


def set_viewport(driver: webdriver.Chrome, width: int, height: int) -> None:
    """The page's viewport exactly (not the window's outer size), as a phone or a monitor gives it."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def log_in(driver: webdriver.Chrome, web: WH.Web, path: str = "/") -> None:
    """Opens the login URL from ``noisectl web`` (noiseweb answers with the cookie and a page refreshing to /#key=…),
    then
    ``path``, and waits for the page's scripts to have run."""
    driver.get(web.login_url())
    # The sign-in's page refreshes to /#key=…; the face keeps the key and takes it out of the address.
    wait_for(driver, lambda d: d.current_url == web.origin + "/"
             and d.execute_script("return localStorage.getItem('noiseclock.key')"), "the sign-in's key kept")
    if path != "/":
        driver.get(web.origin + path)
    wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete", "the page to load")


def wait_for(driver: webdriver.Chrome, condition, what: str, timeout: float = 10.0):
    """Polls ``condition(driver)`` until it is truthy (returned), failing with ``what`` and the browser's console."""
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.02).until(condition)
    except Exception as error:  # TimeoutException, or the condition's own failure
        raise AssertionError(f"timed out waiting for {what}; console: {console(driver)}") from error


def console(driver: webdriver.Chrome) -> list[str]:
    try:
        return [entry["message"] for entry in driver.get_log("browser")]
    except Exception:
        return []


def screenshot(driver: webdriver.Chrome, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def decode_png(png: bytes):
    """The pixels of a PNG Chromium made (8-bit RGB or RGBA, not interlaced), as an array of rows of pixels: what the
    person sees, not what a style says. Decoded with zlib and numpy alone (rows filtered None, Sub or Up at once;
    Average and Paeth, which depend on the pixel to the left, one pixel at a time)."""
    import struct
    import zlib

    import numpy as np
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    offset, chunks, header = 8, [], None
    while offset < len(png):
        length, kind = struct.unpack(">I4s", png[offset:offset + 8])
        body = png[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and not interlace, header
    size = 4 if colour == 6 else 3
    stride = width * size
    raw = np.frombuffer(zlib.decompress(b"".join(chunks)), dtype=np.uint8).reshape(height, stride + 1)
    image = np.zeros((height, stride), dtype=np.uint8)
    previous = np.zeros(stride, dtype=np.int32)
    for row in range(height):
        kind, line = raw[row, 0], raw[row, 1:].astype(np.int32)
        if kind == 1:
            line = np.cumsum(line.reshape(width, size), axis=0).reshape(stride) & 0xFF
        elif kind == 2:
            line = (line + previous) & 0xFF
        elif kind in (3, 4):
            out = [0] * stride
            up = previous.tolist()
            values = line.tolist()
            for i in range(stride):
                left = out[i - size] if i >= size else 0
                if kind == 3:
                    out[i] = (values[i] + (left + up[i]) // 2) & 0xFF
                else:
                    corner = up[i - size] if i >= size else 0
                    p = left + up[i] - corner
                    pa, pb, pc = abs(p - left), abs(p - up[i]), abs(p - corner)
                    nearest = left if pa <= pb and pa <= pc else (up[i] if pb <= pc else corner)
                    out[i] = (values[i] + nearest) & 0xFF
            line = np.array(out, dtype=np.int32)
        image[row] = line
        previous = line
    return image.reshape(height, width, size)


def pixel(png: Path, x: int, y: int) -> tuple[int, int, int]:
    """The colour at (x, y) of a screenshot Chromium saved."""
    return tuple(int(channel) for channel in decode_png(png.read_bytes())[y, x, :3])


def brightest(png: bytes) -> tuple[int, int, int]:
    """The largest red, green and blue of any pixel of a PNG Chromium made: whether anything on the screen was
    brighter than a cap."""
    pixels = decode_png(png)
    return tuple(int(pixels[:, :, channel].max()) for channel in range(3))
