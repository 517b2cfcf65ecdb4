# Shared by the MPI tests (sourced): a temporary directory of the script's own, removed at exit,
# and run_mpi, mpirun as these tests need it on one machine.

MPI_STATE=$(mktemp -d "${TMPDIR:-/tmp}/slidegif-mpi.XXXXXX")
trap 'rm -rf "$MPI_STATE"' EXIT
# Nothing read or written in the user's home; Open MPI's session files go here too.
export HOME=$MPI_STATE/home TMPDIR=$MPI_STATE
mkdir -p "$HOME"

mpi_fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# run_mpi RANKS PROGRAM ARGS...: more ranks than cores (--oversubscribe); as root when the
# tests run as root (CI, a fresh machine), which Open MPI refuses unless told twice.
run_mpi() {
  local ranks=$1
  shift
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    mpirun --oversubscribe -np "$ranks" "$@"
}
