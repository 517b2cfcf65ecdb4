#pragma once
// How much memory a large build or search may count on here, so that a job too large for it is
// refused with its cost in the message, before it allocates, rather than killed by the kernel
// minutes later.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace slidegif::app {

// Bytes of memory the processes of this machine share: its physical memory, or less where a
// control group (a container, a systemd unit) caps the group of this process.
std::uint64_t machine_memory_bytes();

// Bytes this process may allocate: the above, or less under a limit of its own (`ulimit -v`,
// `ulimit -d`).
std::uint64_t process_memory_bytes();

// The smallest memory.max on the path from the cgroup-v2 group named in `proc_self_cgroup` (the
// text of /proc/self/cgroup) up to the hierarchy's root, mounted at `root`; none when no group
// on that path sets one. Separate so that a test can give it a hierarchy of its own.
std::optional<std::uint64_t> cgroup_memory_limit(std::string_view proc_self_cgroup,
                                                 const std::string& root);

}  // namespace slidegif::app
