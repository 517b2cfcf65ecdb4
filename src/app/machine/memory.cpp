#include "app/machine/memory.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace slidegif::app {
namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A memory.max file's number; none for "max" (no limit), a missing file or anything else.
std::optional<std::uint64_t> limit_in(const std::string& text) {
  std::uint64_t bytes = 0;
  const auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), bytes);
  if (err != std::errc() || end == text.data()) return std::nullopt;
  return bytes;
}

std::uint64_t physical_memory_bytes() {
  return static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES)) *
         static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
}

}  // namespace

std::optional<std::uint64_t> cgroup_memory_limit(std::string_view proc_self_cgroup,
                                                 const std::string& root) {
  // cgroup v2 names the group on one line "0::/path"; v1 lines name their controllers.
  const auto at = proc_self_cgroup.find("0::/");
  if (at == std::string_view::npos || (at > 0 && proc_self_cgroup[at - 1] != '\n'))
    return std::nullopt;
  std::string group(proc_self_cgroup.substr(at + 3));
  group = group.substr(0, group.find('\n'));
  std::optional<std::uint64_t> least;
  // A group's limit holds for every group below it, so each one up to the root counts.
  for (;;) {
    if (const auto limit = limit_in(read_text(root + group + "/memory.max")))
      least = std::min(least.value_or(*limit), *limit);
    if (group == "/" || group.empty()) break;
    const auto slash = group.rfind('/');
    group = slash == 0 ? "/" : group.substr(0, slash);
  }
  return least;
}

std::uint64_t machine_memory_bytes() {
  const std::uint64_t physical = physical_memory_bytes();
  const auto group = cgroup_memory_limit(read_text("/proc/self/cgroup"), "/sys/fs/cgroup");
  return std::min(physical, group.value_or(physical));
}

std::uint64_t process_memory_bytes() {
  std::uint64_t bytes = machine_memory_bytes();
  for (const int resource : {RLIMIT_AS, RLIMIT_DATA}) {
    rlimit limit{};
    if (::getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
      bytes = std::min(bytes, static_cast<std::uint64_t>(limit.rlim_cur));
  }
  return bytes;
}

}  // namespace slidegif::app
