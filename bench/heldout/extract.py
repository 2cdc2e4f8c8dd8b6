#!/usr/bin/env python3
"""extract.py GITDIR SETDIR OWNER+NAME: HEAD's files into SETDIR/OWNER+NAME, skipping objects
the snapshot lacks, large binaries and files over 20 MB."""
import os, subprocess, sys
g, setdir, name = sys.argv[1:4]
dest = os.path.join(setdir, name)
ls = subprocess.run(['git', '--git-dir', g, 'ls-tree', '-r', '-z', '--long', 'HEAD'],
                    capture_output=True, check=True).stdout.split(b'\0')
BIN = ('.png', '.jpg', '.jpeg', '.gif', '.pdf', '.zip', '.mp4', '.mp3', '.m4v', '.mov', '.woff',
       '.woff2', '.ttf', '.otf', '.eot', '.bin', '.jar', '.so', '.exe', '.dll', '.ico', '.psd',
       '.gz', '.tgz', '.xz', '.bz2', '.7z', '.webp', '.webm', '.avi', '.wav', '.ogg', '.class')
todo = []
for ent in ls:
    if not ent:
        continue
    meta, path = ent.split(b'\t', 1)
    mode, typ, sha, size = meta.split()
    if typ != b'blob' or mode == b'120000' or size == b'-':
        continue
    size = int(size) if size.isdigit() else 0
    if not size:
        continue
    p = path.decode('utf-8', 'replace')
    if size > 20 << 20 or (size > 1 << 20 and p.lower().endswith(BIN)):
        continue
    todo.append((sha, p))
proc = subprocess.Popen(['git', '--git-dir', g, 'cat-file', '--batch'], stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE)
n = missing = 0
for sha, p in todo:
    proc.stdin.write(sha + b'\n'); proc.stdin.flush()
    head = proc.stdout.readline().split()
    if len(head) < 3 or head[1] == b'missing':
        missing += 1
        continue
    data = proc.stdout.read(int(head[2])); proc.stdout.read(1)
    out = os.path.join(dest, p)
    if '..' in p.split('/'):
        continue
    try:
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, 'wb') as f:
            f.write(data)
    except OSError:
        missing += 1
        continue
    n += 1
proc.stdin.close(); proc.wait()
print(f'{dest}: {n} files written, {missing} absent from the snapshot')
