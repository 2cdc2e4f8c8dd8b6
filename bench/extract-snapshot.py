#!/usr/bin/env python3
"""Write the HEAD tree of a bare git snapshot into a folder, skipping blobs the
snapshot lacks (large files a fetched snapshot leaves out, where `git archive`
stops at the first one). Used to build the precision and regression corpora:

    python3 bench/extract-snapshot.py /work/.mirror/OWNER+NAME/repo /work/regress/OWNER+NAME
"""
import subprocess, sys, os
gitdir, dest = sys.argv[1], sys.argv[2]
ls = subprocess.run(['git', '--git-dir', gitdir, 'ls-tree', '-r', '-z', 'HEAD'], capture_output=True, check=True).stdout
entries = []
for e in ls.split(b'\0'):
    if not e: continue
    meta, path = e.split(b'\t', 1)
    mode, typ, sha = meta.split()
    if typ != b'blob' or mode == b'120000': continue
    entries.append((sha, path))
p = subprocess.Popen(['git', '--git-dir', gitdir, 'cat-file', '--batch'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
import threading
def feed():
    for sha, _ in entries: p.stdin.write(sha + b'\n')
    p.stdin.close()
threading.Thread(target=feed, daemon=True).start()
missing = 0
for sha, path in entries:
    header = p.stdout.readline()
    parts = header.split()
    if len(parts) == 2 and parts[1] == b'missing':
        missing += 1; continue
    size = int(parts[2]); data = p.stdout.read(size); p.stdout.read(1)
    full = os.path.join(dest.encode(), path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, 'wb') as f: f.write(data)
print(gitdir, len(entries), 'missing', missing)
