#include "cli/video_handoff.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include "slidegif/error.hpp"

namespace slidegif::cli {

void run_video_program(const char* const* argv) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec || !self.is_absolute()) {  // never a path relative to wherever the user stands
    throw Error(Error::Kind::Unsupported,
                fmt::format("video (MP4, WebM) is written by slidegif-video, found beside this "
                            "program, whose place /proc/self/exe does not tell ({})",
                            ec ? ec.message() : self.string()));
  }
  const fs::path here = self.parent_path();
  // Built: beside slidegif. Installed: bin/slidegif and lib/slidegif/slidegif-video.
  const std::vector<fs::path> places = {here / "slidegif-video",
                                        here.parent_path() / "lib/slidegif/slidegif-video"};
  std::fflush(nullptr);
  int error = ENOENT;
  for (const fs::path& program : places) {
    if (!fs::exists(program, ec)) continue;
    ::execv(program.c_str(), const_cast<char* const*>(argv));  // NOLINT: execv's own type
    error = errno;
  }
  throw Error(Error::Kind::Unsupported,
              fmt::format("video (MP4, WebM) is written by slidegif-video, which could not run "
                          "({}; looked for {} and {}); a build without FFmpeg's libraries has "
                          "none",
                          std::strerror(error), places[0].string(), places[1].string()));
}

}  // namespace slidegif::cli
