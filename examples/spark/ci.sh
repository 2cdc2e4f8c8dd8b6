#!/usr/bin/env bash
# CI step: run the Spark job in local mode and check it equals the one-machine
# run (examples/spark/test_spark.py). Installs pyspark in a venv under target/;
# needs Java 17 and skips, saying so, when there is no java.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v java >/dev/null 2>&1 && ! [ -x "${JAVA_HOME:-/nonexistent}/bin/java" ]; then
  echo "SKIP: Spark local-mode test: no java on PATH or JAVA_HOME (it needs Java 17)"
  exit 0
fi
java -version 2>&1 | head -1

venv=target/spark-venv
if ! [ -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check -r examples/spark/requirements.txt

cargo build --release --locked
# Spark talks to itself over loopback only.
export SPARK_LOCAL_IP=127.0.0.1
URLINT_BIN="$PWD/target/release/urlint" "$venv/bin/python" -W ignore::ResourceWarning \
  examples/spark/test_spark.py
