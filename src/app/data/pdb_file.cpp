#include "app/data/pdb_file.hpp"

#include <sys/stat.h>

#include <chrono>
#include <exception>

#include "app/data/pdb_format.hpp"
#include "app/data/pdb_trust.hpp"
#include "slidegif/error.hpp"
#include "solve/pattern/partition_presets.hpp"

namespace slidegif::app {

std::optional<LoadedPdb> load_pdb_file(const std::string& path, PdbVerify verify,
                                       std::string* why) {
  const auto started = std::chrono::steady_clock::now();
  auto fail = [&](std::string reason) -> std::optional<LoadedPdb> {
    if (why) *why = std::move(reason);
    return std::nullopt;
  };
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return fail("missing");
  LoadedPdb out;
  try {
    out.file = MappedFile(path, MappedFile::Reads::Searched);
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  const auto bytes = out.file.bytes();
  PdbHeader h;
  if (auto problem = read_pdb_header(bytes, &h); !problem.empty()) return fail(problem);

  const std::string stamp = trust_stamp(st, h.payload_hash);
  if (verify == PdbVerify::Full || !trust_stamp_matches(path, stamp)) {
    if (pdb_payload_hash(bytes) != h.payload_hash) return fail("checksum mismatch");
    write_trust_stamp(path, st, stamp);
  }

  try {
    PdbContents contents = pdb_contents(h, bytes);
    if (contents.entry_bits == 8)
      out.multi_tile = std::make_unique<detail::MultiTilePdb>(
          contents.goal, std::move(contents.partition), std::move(contents.tables));
    else
      out.heuristic = std::make_unique<detail::PdbHeuristic>(
          contents.goal, std::move(contents.partition), std::move(contents.tables),
          detail::PdbTablesOptions{.zero_aware = contents.set == detail::kZeroAwareSet});
    out.set = std::move(contents.set);
  } catch (const Error& e) {
    return fail(e.what());
  }
  out.path = path;
  out.load_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return out;
}

}  // namespace slidegif::app
