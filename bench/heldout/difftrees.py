#!/usr/bin/env python3
"""difftrees.py OLD NEW SETDIR... : warning/error diagnostics that differ between two binaries,
per tree (key: path, line, rule, url). Two processes at a time."""
import json, os, subprocess, sys, collections
from concurrent.futures import ThreadPoolExecutor
old, new = sys.argv[1:3]
trees = [(d, t) for d in sys.argv[3:] for t in sorted(os.listdir(d)) if os.path.isdir(os.path.join(d, t))]
def run(b, d, t):
    p = subprocess.run([b, 'check', '--format', 'json', '--sort', 'path', t], cwd=d, capture_output=True)
    c = collections.Counter()
    for l in p.stdout.decode('utf-8', 'replace').splitlines():
        try: x = json.loads(l)
        except ValueError: continue
        if x.get('severity') in ('warning', 'error'):
            c[(x['path'], x['start']['line'], x['rule'], x.get('url') or '')] += 1
    return c
def one(dt):
    d, t = dt
    a, b = run(old, d, t), run(new, d, t)
    return d, (a - b), (b - a)
with ThreadPoolExecutor(2) as ex:
    for d, gone, added in ex.map(one, trees):
        for k, n in sorted(gone.items()):
            print(f'-\t{os.path.basename(d)}\t{k[0]}:{k[1]}\t{k[2]}\t{k[3][:160]}\t{n}')
        for k, n in sorted(added.items()):
            print(f'+\t{os.path.basename(d)}\t{k[0]}:{k[1]}\t{k[2]}\t{k[3][:160]}\t{n}')
