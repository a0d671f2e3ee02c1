#!/bin/bash
# Build a book as a Slurm job array, then merge the shards in a dependent job.
#
#   sbatch config/examples/shard-slurm.sh                # submits the array and the merge
#
# Each array task builds one deterministic slice (job i goes to shard i % N) and writes only its
# shard manifest; `hidato merge` joins them into the same book a single run would make.
#SBATCH --job-name=hidato-shard
#SBATCH --array=0-3
#SBATCH --cpus-per-task=8
#SBATCH --time=01:00:00
#SBATCH --output=logs/hidato-%A_%a.log
set -euo pipefail

CONFIG=${CONFIG:-config/examples/shard.yaml}
SHARDS=4                      # must match --array=0-(SHARDS-1)
WORK=${WORK:-shards}

if [[ -z "${SLURM_ARRAY_TASK_ID:-}" ]]; then
  # Not inside the array: submit the array, then the merge once every task has succeeded.
  mkdir -p logs
  array=$(sbatch --parsable "$0")
  sbatch --dependency=afterok:"$array" --job-name=hidato-merge --output=logs/hidato-merge-%j.log \
    --wrap="hidato merge $WORK/*/manifest.json --out out/sharded"
  exit 0
fi

# Exit 2 (some puzzle failed) still leaves a complete shard manifest; let the merge list them.
hidato build "$CONFIG" --shard "$SLURM_ARRAY_TASK_ID/$SHARDS" --threads "$SLURM_CPUS_PER_TASK" \
  --quiet --out "$WORK/$SLURM_ARRAY_TASK_ID" || [[ $? -eq 2 ]]
