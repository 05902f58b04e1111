#!/usr/bin/env bash
# Runs a command on this machine made N times slower: all its processes share 1/N of the CPUs
# (a cgroup CPU quota; needs root). The suite's guards are sized for N = 3 (tests/support/pace.ts).
#   sudo scripts/slower-machine.sh 3 .ci/run
set -euo pipefail
factor=${1:?usage: slower-machine.sh FACTOR COMMAND...}
shift
cpus=$(nproc)
period=100000
quota=$((cpus * period / factor))
name="slower-machine-$$"
if [ -d /sys/fs/cgroup/cpu ]; then
  # cgroup v1
  group=/sys/fs/cgroup/cpu/$name
  mkdir "$group"
  echo "$period" >"$group/cpu.cfs_period_us"
  echo "$quota" >"$group/cpu.cfs_quota_us"
  tasks=$group/tasks
else
  # cgroup v2
  group=/sys/fs/cgroup/$name
  mkdir "$group"
  echo "$quota $period" >"$group/cpu.max"
  tasks=$group/cgroup.procs
fi
echo "slower-machine: $cpus CPUs at 1/$factor ($quota of every $period µs)" >&2
status=0
# The command (and all it starts) in the group; the group goes once they are done.
(echo "$BASHPID" >"$tasks" && exec "$@") || status=$?
rmdir "$group" 2>/dev/null || true
exit "$status"
