"""The pieces of scripts/bench: one file per measurement, plus the shared plumbing.

common   paths, constants, the set-up error, starting and stopping helper processes, the compiled C
         helpers, timing whole processes (spawntime.c)
meters   /proc readings: CPU of a whole process (all threads), RSS, context switches
stack    the private PulseAudio server and noised, and a raw noised connection
peers    mpd (+ mpc) and mpg123, set up like noised: same sink, same file, no scaling
control  rows 1-3: whole-process round trip (spawntime.c), kept-connection round trip (roundtrip.c),
         start-up
playback rows 4-5: memory idle and playing, idle wake-ups, CPU of 60 s of a looping noise
seam     row 6: the gap at each loop wrap, from a recording of the sink
recorder parec of the sink's monitor with arrival times (the onset clock)
onset    row 7: alarm onsets against a sleep-then-aplay baseline
scale    row 8: 10,000 alarms
sound    row 9: time to sound, `noisectl play` against `mpc play`, from a recording of the sink
table    the rows, the text and Markdown tables, docs/performance.md

scripts/bench-web, the web page's figures:
web        the set-up: noised, noiseweb, a headless Chromium, and a subscriber stamping the daemon's events
web_page   the pages' weight and the navigation to the face's digits
web_events event to DOM: a noisectl change and a ringing alarm
web_idle   the idle face: the browser's CPU, noiseweb's wake-ups and RSS beside noised's
web_table  its table and its section of docs/performance.md
"""
