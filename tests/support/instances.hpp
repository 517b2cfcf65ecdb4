#pragma once
// Published puzzle instances carried in tests/data/ (see tests/data/README.md): read by the
// tests and the benchmarks alike. Header-only and free of GoogleTest, so benchmarks use it too.

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace slidegif::testing {

// tests/data/<name> in the source tree.
inline std::string data_path(const std::string& name) {
  return std::string(SLIDEGIF_SOURCE_DIR) + "/tests/data/" + name;
}

struct Instance {
  int id = 0;
  std::vector<std::uint8_t> tiles;  // row-major, 0 = blank
  int optimal = 0;                  // published optimal length
};

// Lines "id<TAB>tiles...<TAB>optimal length". Throws when the file cannot be read or holds
// no instance, so a missing file fails loudly instead of testing nothing.
inline std::vector<Instance> read_instances(const std::string& name) {
  std::ifstream in(data_path(name));
  if (!in) throw std::runtime_error("cannot read " + data_path(name));
  std::vector<Instance> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Instance inst;
    fields >> inst.id;
    for (int v = 0; fields >> v;) inst.tiles.push_back(static_cast<std::uint8_t>(v));
    if (inst.tiles.size() < 2) throw std::runtime_error("bad line in " + name + ": " + line);
    inst.optimal = inst.tiles.back();
    inst.tiles.pop_back();
    out.push_back(std::move(inst));
  }
  if (out.empty()) throw std::runtime_error(data_path(name) + " holds no instance");
  return out;
}

}  // namespace slidegif::testing
