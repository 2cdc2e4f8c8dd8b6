#!/usr/bin/env python3
"""assemble.py BASE OUT DIFF... : BASE's rows, plus every judged row of helpers FROM+ (the
environment's HELPERS_FROM, 211 unless set: the first helper of the session whose rows BASE does
not hold yet), less the rows a diff's '-' lines say the final binary no longer gives. '+' lines
(new diagnostics) are printed to stderr: they need judging before the sheet is final."""
import sys, glob, re, collections, os
base, out, diffs = sys.argv[1], sys.argv[2], sys.argv[3:]
gone = collections.Counter()
for diff in diffs:
    for l in open(diff, encoding='utf-8', errors='replace'):
        x = l.rstrip('\n').split('\t')
        if len(x) < 6: continue
        if x[0] == '+':
            print('ADDED', l.strip()[:220], file=sys.stderr); continue
        path, line = x[2].rsplit(':', 1)
        gone[(path, line, x[3], x[4][:150])] += int(x[5])
rows = [l.rstrip('\n').split('\t') for l in open(base, encoding='utf-8', errors='replace')]
head, rows = rows[0], rows[1:]
for f in sorted(glob.glob('/work/heldout*/held-out-*.tsv')):
    h = int(re.search(r'heldout(\d+)', f).group(1))
    if h < int(os.environ.get('HELPERS_FROM', '211')): continue
    for l in open(f, encoding='utf-8', errors='replace'):
        r = l.rstrip('\n').split('\t')
        if r[0] == 'set' or len(r) < 6: continue
        r = (r + [''] * 7)[:7]
        r[5] = r[5].strip().upper()
        rows.append(r)
kept, dropped = [], collections.Counter()
for r in rows:
    k = (r[1], r[2], r[3], r[4][:150])
    if gone.get(k, 0) > 0:
        gone[k] -= 1
        dropped[(r[0][:12], r[3], r[5])] += 1
        continue
    kept.append(r)
with open(out, 'w', encoding='utf-8') as o:
    o.write('\t'.join(head) + '\n')
    for r in kept:
        o.write('\t'.join(c.replace('\t', ' ') for c in r[:7]) + '\n')
print('unmatched removals', sum(v for v in gone.values() if v > 0), file=sys.stderr)
for k, v in gone.items():
    if v > 0: print('UNMATCHED', v, *k, file=sys.stderr)
print('rows', len(rows), 'kept', len(kept), file=sys.stderr)
for k, v in sorted(dropped.items()): print('dropped', v, *k, file=sys.stderr)
