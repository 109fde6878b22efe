#!/usr/bin/env python3
"""
CPU of a command and everything it starts: `python3 load-tests/tools/cpu-of.py env JEST_WORKERS=1 npx jest <file>`.

Runs the command as a child subreaper, so every descendant, orphaned or not (Chromium's renderer, GPU and zygote
processes, a jest worker that was force-exited), is reaped here and counted in RUSAGE_CHILDREN. `/usr/bin/time`
counts only what its child waited for, which missed about half of Chromium's CPU in the browser test files.
"""
import ctypes, os, resource, subprocess, sys, time
PR_SET_CHILD_SUBREAPER = 36
ctypes.CDLL(None).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
main = subprocess.Popen(sys.argv[1:])
rc = main.wait()
deadline = time.time() + 90
while time.time() < deadline:
    try:
        pid, _ = os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        break
    if pid == 0:
        time.sleep(0.5)
left = 'none left' if time.time() < deadline else 'some descendants still running after 90 s'
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"ALL-DESCENDANTS CPU: {r.ru_utime:.2f} user {r.ru_stime:.2f} sys = {r.ru_utime + r.ru_stime:.1f} s ({left})", flush=True)
sys.exit(rc)
