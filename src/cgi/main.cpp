// slidegif.cgi: the CGI/1.1 front end (RFC 3875). Reads the request from the environment,
// answers on stdout, and keeps every request bounded in time and memory.

#include <malloc.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "app/data/pdb_store.hpp"
#include "app/data/pieces_file.hpp"
#include "cgi/handler.hpp"
#include "cgi/limits.hpp"
#include "cgi/request_limits.hpp"
#include "cgi/server_config.hpp"
#include "cgi/server_font.hpp"
#include "solve/board/random.hpp"

namespace {

// Backstops behind the handler's own limits: a bug must not let one request eat the server.
// The memory's is skipped under AddressSanitizer, which maps terabytes for its shadow.
void limit_process(unsigned cpu_seconds) {
#if !defined(__SANITIZE_ADDRESS__)
  const rlimit data{slidegif::cgi::kPrivateMemoryBytes, slidegif::cgi::kPrivateMemoryBytes};
  setrlimit(RLIMIT_DATA, &data);
#endif
  const rlimit cpu{cpu_seconds, cpu_seconds + 1};
  setrlimit(RLIMIT_CPU, &cpu);
}

// A short-lived process pays for every fresh page it touches (a page fault each, several
// microseconds in a VM). Large blocks come from the heap instead of their own mmap, and freed
// memory stays in the process, so what one rendering stage frees the next one reuses.
void tune_allocator() {
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
}

// Even so, a default request touches about 1.2 MB of fresh heap, some 200 pages at a fault
// each (1.2-1.8 us in a VM, measured). One transparent huge page holds it all, zeroed in a
// single fault (about 0.1 ms): 1,000 default requests run one after another took 394 page
// faults each before, 200 after, and 12% less time. The heap grows from wherever the break is, so a
// block that is never written (only its header) fills it to the next 2 MB boundary, and the
// 2 MB after it are asked for as a huge page. A kernel that gives none (transparent_hugepage
// "never", no free 2 MB) hands out small pages as before. Skipped under AddressSanitizer,
// whose allocator does not use the break.
void heap_in_huge_page() {
#if !defined(__SANITIZE_ADDRESS__)
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  const auto brk = reinterpret_cast<std::uintptr_t>(sbrk(0));
  const std::uintptr_t huge = (brk + 4096 + kHuge - 1) & ~(kHuge - 1);
  // The heap grows past the huge page's range with the spacer, whose header is the only byte
  // written: a page touched in the range before madvise() would keep the huge page out.
  mallopt(M_TOP_PAD, static_cast<int>(huge - brk + kHuge));
  // Held for the life of the process (freed, it would be handed out again first).
  static void* volatile spacer = std::malloc(huge - brk - 64);
  mallopt(M_TOP_PAD, 128 << 10);  // glibc's default
  if (spacer != nullptr) madvise(reinterpret_cast<void*>(huge), kHuge, MADV_HUGEPAGE);
#endif
}

void copy_env(slidegif::cgi::Environment& env, const char* name) {
  if (const char* value = std::getenv(name)) env.emplace(name, value);
}

// The server's setting `name`, empty when unset.
std::string setting(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? value : "";
}

}  // namespace

int main() {
  tune_allocator();
  heap_in_huge_page();
  slidegif::cgi::HandlerConfig config;
  // The operator's limits (SLIDEGIF_LIMITS="NAME=VALUE,..."): a setting that cannot be used is
  // said on the server's log, and the defaults hold (they are the safe ones).
  if (const std::string problem =
          slidegif::cgi::set_limits(config.limits, setting("SLIDEGIF_LIMITS"));
      !problem.empty()) {
    std::fprintf(stderr, "slidegif.cgi: SLIDEGIF_LIMITS: %s (the defaults hold)\n",
                 problem.c_str());
  }
  limit_process(config.limits.cpu_seconds);
  slidegif::cgi::Environment env;
  for (const char* name : slidegif::cgi::kMetaVariables) copy_env(env, name);
  config.services.font = slidegif::cgi::server_font;
  config.services.entropy = slidegif::detail::fresh_seed;
  // Pattern databases only where the server says (SLIDEGIF_PDB_DIR), mapped on first need.
  const std::string pdb_dir = setting(slidegif::app::kPdbDirEnv);
  slidegif::app::DataServices data(slidegif::cgi::server_data(pdb_dir));
  data.wire(config.services);
  // Coded move frames built offline (slidegif pieces build), opened when a GIF is drawn; a
  // refused file costs only speed, and says why in the server's error log.
  slidegif::app::PiecesFile pieces(
      slidegif::app::pieces_file_path(pdb_dir), [](const std::string& problem) {
        std::fprintf(stderr, "slidegif.cgi: %s (GIFs are coded afresh)\n", problem.c_str());
      });
  // Its tile sprites and glyphs too: drawing the one and loading the other were a quarter and
  // a seventh of a default request.
  slidegif::detail::DrawingCache drawing;
  if (!pdb_dir.empty()) {
    config.services.move_pieces = &pieces;
    drawing.use_stored_drawings([&pieces] { return pieces.drawings(); });
    config.services.drawing = &drawing;
  }
  slidegif::cgi::serve_pictures(config, setting("SLIDEGIF_PICTURE_DIR"));
  // A setting that is not an origin is said on the server's log, and no page is let read.
  config.cors_origin = setting("SLIDEGIF_CORS_ORIGIN");
  if (const std::string problem = slidegif::cgi::check_cors_origin(config.cors_origin);
      !problem.empty()) {
    std::fprintf(stderr, "slidegif.cgi: %s\n", problem.c_str());
    config.cors_origin.clear();
  }
  // Set, even to nothing, means signed URLs only (an empty setting is refused, every request 500).
  const char* key_file = std::getenv("SLIDEGIF_URL_KEY_FILE");
  const std::string key_problem = slidegif::cgi::require_signatures(
      config, key_file ? std::optional<std::string>(key_file) : std::nullopt);
  if (!key_problem.empty()) std::fprintf(stderr, "slidegif.cgi: %s\n", key_problem.c_str());
  return slidegif::cgi::serve(env, config, stdout) ? EXIT_SUCCESS : EXIT_FAILURE;
}
