#!/usr/bin/env python3
"""urlint as the mapper of a Spark job.

The driver lists the input files, spreads them over partitions balanced by
size, and each partition pipes its paths into `urlint extract --format json
--files-from -` (or `check`) through `RDD.pipe`: paths in, JSON Lines out, the
same contract as Hadoop Streaming. The urlint binary travels to the executors
with `SparkContext.addFile`. Outputs, under OUTDIR:

  json/part-*   the JSON Lines, exactly as urlint printed them
  table/        Parquet: path, url, form, line, column, message_id
                (for `check`: path, url, rule, severity, line, column, message_id)
  hosts/        CSV: scheme, host, count (URLs per scheme and host)
  summary.json  files, bytes, partitions, lines, seconds (pipe_seconds: the
                urlint stage, writing json/ included)

Local mode:   python3 urlint_spark.py --master 'local[2]' --urlint BIN --out OUT INPUT...
A cluster:    spark-submit --master spark://HOST:7077 --files BIN urlint_spark.py \
                --urlint BIN --out OUT INPUT...

INPUT paths must be on a filesystem every executor sees (NFS, a mounted
bucket), and absolute on a cluster: urlint reads them where it runs.
"""

import argparse
import heapq
import json
import os
import shlex
import sys
import time
from urllib.parse import urlsplit

# Runs in each task: find the shipped binary, read the partition's paths
# from stdin. addFile puts the binary in the driver's SparkFiles directory in
# local mode (where the executor shares it: $1) and in the executor's working
# directory on a cluster (./urlint, also where `spark-submit --files` puts
# it). Exit 1 (`check` found something) and 2 (an input could not be read,
# named on stderr, the rest still printed) leave the output whole; anything
# else (a crash, a signal) fails the task, and Spark retries it.
TASK_SCRIPT = r"""
bin=$1; shift
[ -x "$bin" ] || bin=./urlint
"$bin" "$@" --files-from -
code=$?
[ "$code" -le 2 ] || exit "$code"
"""


def parse_args(argv):
    p = argparse.ArgumentParser(
        description="Run urlint over many files with Spark (RDD.pipe)."
    )
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="files or folders")
    p.add_argument("--urlint", required=True, metavar="BIN", help="the urlint binary")
    p.add_argument("--out", required=True, metavar="OUTDIR", help="must not exist")
    p.add_argument(
        "--master",
        help="Spark master (local[2], spark://host:7077); default: spark-submit's,"
        " or local[*] when run with plain python",
    )
    p.add_argument("--command", choices=["extract", "check"], default="extract")
    p.add_argument(
        "--partitions",
        type=int,
        default=0,
        help="default: 4 per core Spark offers, at most one per file",
    )
    p.add_argument(
        "--urlint-arg",
        action="append",
        default=[],
        metavar="ARG",
        help="one more argument for urlint (repeatable), e.g. --urlint-arg=--no-mail",
    )
    return p.parse_args(argv)


def list_files(inputs, warn):
    """(path, size) of every file to read, walked as urlint walks a folder:
    hidden entries and symbolic links are left out. A named input that is not
    a folder is kept as given, even if it cannot be read, so that urlint names
    it on stderr as it would on one machine. Paths keep the spelling of the
    input they came from, so the output's `path` matches a one-machine run
    given the same INPUTs."""
    files = []
    for top in inputs:
        if os.path.isdir(top):
            for root, dirs, names in os.walk(top):
                dirs[:] = sorted(
                    d
                    for d in dirs
                    if not d.startswith(".") and not os.path.islink(os.path.join(root, d))
                )
                for name in sorted(names):
                    path = os.path.join(root, name)
                    if name.startswith(".") or os.path.islink(path):
                        continue
                    try:
                        size = os.stat(path).st_size
                    except OSError:
                        size = 0
                    files.append((path, size))
        else:
            try:
                size = os.stat(top).st_size
            except OSError:
                size = 0
            files.append((top, size))
    kept = []
    for path, size in files:
        # RDD.pipe writes one UTF-8 line per element: a path holding a line
        # break, or bytes that are not UTF-8, cannot travel that way.
        try:
            path.encode("utf-8")
        except UnicodeEncodeError:
            warn(f"skipped, not UTF-8: {path!r}")
            continue
        if "\n" in path or "\r" in path:
            warn(f"skipped, holds a line break: {path!r}")
            continue
        kept.append((path, size))
    return kept


def balance(files, n):
    """Split files into n groups of about equal bytes (largest first, each
    to the lightest group), so one big mbox does not share a task with the
    rest. A file of 0 bytes still counts a little: opening costs too."""
    heap = [(0, i) for i in range(n)]
    groups = [[] for _ in range(n)]
    for path, size in sorted(files, key=lambda f: -f[1]):
        load, i = heapq.heappop(heap)
        groups[i].append(path)
        heapq.heappush(heap, (load + size + 4096, i))
    return [g for g in groups if g]


def scheme_host(url):
    """(scheme, host) of a found URL; host is None where there is none
    (mailto:, news:) or it cannot be parsed."""
    scheme = url.split(":", 1)[0].lower() if ":" in url else ""
    host = None
    if "//" in url:
        try:
            host = urlsplit(url).hostname
        except ValueError:
            host = None
    return scheme, host


def row(line, command):
    v = json.loads(line)
    start = v.get("start") or {}
    middle = (v.get("form"),) if command == "extract" else (v.get("rule"), v.get("severity"))
    return (v.get("path"), v.get("url")) + middle + (
        start.get("line"),
        start.get("column"),
        v.get("message_id"),
    )


def main(argv):
    args = parse_args(argv)
    started = time.monotonic()

    def warn(msg):
        print(f"urlint_spark: {msg}", file=sys.stderr)

    urlint = os.path.abspath(args.urlint)
    if not os.access(urlint, os.X_OK):
        warn(f"--urlint {args.urlint}: not an executable file")
        return 2
    if os.path.exists(args.out):
        warn(f"--out {args.out}: already exists; choose a new folder")
        return 2
    files = list_files(args.inputs, warn)
    if not files:
        warn("no files to read")
        return 2

    from pyspark import SparkFiles, StorageLevel
    from pyspark.sql import SparkSession
    from pyspark.sql import types as T

    builder = SparkSession.builder.appName("urlint")
    if args.master:
        builder = builder.master(args.master)
    elif "PYSPARK_GATEWAY_PORT" not in os.environ:  # not under spark-submit
        builder = builder.master("local[*]")
    spark = (
        builder.config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    sc = spark.sparkContext
    try:
        # `spark-submit --files BIN` has shipped it already; Spark refuses a
        # second file of the same name from another path.
        shipped = [f for f in sc.getConf().get("spark.files", "").split(",") if f]
        if os.path.basename(urlint) not in map(os.path.basename, shipped):
            sc.addFile(urlint)
        n = args.partitions or sc.defaultParallelism * 4
        groups = balance(files, max(1, min(n, len(files))))
        # One group per slice: parallelize cuts a list of k items into k
        # slices of one item each.
        paths = sc.parallelize(groups, len(groups)).flatMap(lambda g: g)
        task_cpus = sc.getConf().get("spark.task.cpus", "1")
        extra = ["--quiet"] if args.command == "check" else []
        cmd = shlex.join(
            ["/bin/sh", "-c", TASK_SCRIPT, "urlint-task", SparkFiles.get(os.path.basename(urlint))]
            + [args.command, "--format", "json", "-j", task_cpus, "--no-progress"]
            + extra
            + args.urlint_arg
        )
        lines = paths.pipe(cmd, checkCode=True).persist(StorageLevel.MEMORY_AND_DISK)
        piping = time.monotonic()
        lines.saveAsTextFile(os.path.join(args.out, "json"))
        pipe_seconds = time.monotonic() - piping

        if args.command == "extract":
            middle = [T.StructField("form", T.StringType())]
        else:
            middle = [
                T.StructField("rule", T.StringType()),
                T.StructField("severity", T.StringType()),
            ]
        schema = T.StructType(
            [T.StructField("path", T.StringType()), T.StructField("url", T.StringType())]
            + middle
            + [
                T.StructField("line", T.LongType()),
                T.StructField("column", T.LongType()),
                T.StructField("message_id", T.StringType()),
            ]
        )
        command = args.command
        table = spark.createDataFrame(lines.map(lambda l: row(l, command)), schema)
        table.write.parquet(os.path.join(args.out, "table"))

        hosts_schema = T.StructType(
            [T.StructField("scheme", T.StringType()), T.StructField("host", T.StringType())]
        )
        hosts = (
            spark.createDataFrame(
                lines.map(lambda l: scheme_host(json.loads(l).get("url") or "")), hosts_schema
            )
            .groupBy("scheme", "host")
            .count()
            .orderBy(["count", "scheme", "host"], ascending=[False, True, True])
        )
        hosts.coalesce(1).write.option("header", "true").csv(os.path.join(args.out, "hosts"))
        top = hosts.take(5)
        count = lines.count()
    finally:
        spark.stop()

    summary = {
        "files": len(files),
        "bytes": sum(size for _, size in files),
        "partitions": len(groups),
        "lines": count,
        "seconds": round(time.monotonic() - started, 2),
        "pipe_seconds": round(pipe_seconds, 2),
    }
    with open(os.path.join(args.out, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f)
        f.write("\n")
    print(
        "urlint_spark: {files} files, {mb:.1f} MB, {partitions} partitions, {lines} lines"
        " in {seconds} s ({pipe_seconds} s of it piping through urlint and writing"
        " json/)".format(mb=summary["bytes"] / 1e6, **summary)
    )
    for r in top:
        print(f"  {r['count']:>8}  {r['scheme']}://{r['host'] or ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
