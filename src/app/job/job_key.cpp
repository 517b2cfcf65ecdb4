#include "app/job/job_key.hpp"

#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <type_traits>

#include "app/job/job_fields.hpp"
#include "render/cache/move_pieces.hpp"
#include "slidegif/version.hpp"

namespace slidegif::app {
namespace {

nlohmann::json leaf(const Board& board) {
  return format_board(board);
}
nlohmann::json leaf(Shape shape) {
  return format_shape(shape);
}
// Text byte for byte, whatever it holds: bytes outside printable ASCII (and '%') as %XX. JSON
// strings must be UTF-8, and replacing what is not would give two titles one key.
nlohmann::json leaf(const std::string& text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7f || c == '%') {
      out += '%';
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}
// The services' font is what gets drawn; this one only says which file a job named.
nlohmann::json leaf(const Font& font) {
  return leaf(font.name());
}
// The picture a job drew, by the name its front end gave it and its size.
nlohmann::json leaf(const Picture& picture) {
  if (picture.empty()) return nullptr;
  return {leaf(picture.name()), picture.width(), picture.height()};
}
// The format by name; a still's frame too (another format has none).
nlohmann::json leaf(const Encoding& encoding) {
  const std::string_view name = format_info(encoding.format).name;
  if (encoding.format != OutputFormat::Png) return name;
  return {name, encoding.frame};
}
nlohmann::json leaf(Metric metric) {
  return metric_name(metric);
}
nlohmann::json leaf(TileNote note) {
  return tile_note_name(note);
}
// Numbers and flags.
template <class T>
requires std::is_arithmetic_v<T> nlohmann::json leaf(T value) {
  return value;
}

template <class T>
nlohmann::json value(const T& v);

template <class T>
nlohmann::json leaf(const std::optional<T>& v) {
  return v ? value(*v) : nlohmann::json(nullptr);
}

// A struct with a field list becomes an object of its fields; anything else is a leaf (a new
// field of a type not handled above stops the build here).
template <class T>
nlohmann::json value(const T& v) {
  if constexpr (HasFields<T>) {
    nlohmann::json object = nlohmann::json::object();
    visit_fields(v, [&object](std::string_view name, const auto& field) {
      object[std::string(name)] = value(field);
    });
    return object;
  } else {
    return leaf(v);
  }
}

}  // namespace

Job normalise(const Job& job, const Puzzle& puzzle) {
  Job out = job;
  out.puzzle = PuzzleSpec{.start = puzzle.start, .goal = puzzle.goal};
  out.solve.threads = 1;  // the answer is the same on any number of threads
  return out;
}

std::string job_key(const Job& job, const Puzzle& puzzle) {
  // The GIF coder's version too: the same job's bytes change with it (move_pieces.hpp).
  const nlohmann::json key = {{"program", std::string("slidegif ") + SLIDEGIF_VERSION},
                              {"gif_coder", detail::kMovePiecesVersion},
                              {"job", value(normalise(job, puzzle))}};
  // Objects keep their keys sorted, and numbers print the same on every run: canonical text.
  return key.dump();
}

}  // namespace slidegif::app
