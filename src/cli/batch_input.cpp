#include "cli/batch_input.hpp"

#include <fmt/format.h>

#include <sstream>
#include <vector>

#include "slidegif/error.hpp"

namespace slidegif::cli {

bool read_batch_line(std::istream& in, std::string& line) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  bool any = false;
  for (int c = buf->sbumpc(); c != std::char_traits<char>::eof(); c = buf->sbumpc()) {
    any = true;
    if (c == '\n') return true;
    if (line.size() <= kMaxBatchLine) line.push_back(static_cast<char>(c));
  }
  return any;
}

bool is_blank_or_comment(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r");
  return first == std::string::npos || line[first] == '#';
}

BatchFields split_batch_line(const std::string& line) {
  if (const auto semi = line.find(';'); semi != std::string::npos) {
    return {line.substr(0, semi), line.substr(semi + 1)};
  }
  std::istringstream words(line);
  std::vector<std::string> fields;
  for (std::string w; words >> w;) fields.push_back(w);
  if (fields.size() == 1) return {fields[0], ""};
  if (fields.size() == 2) return {fields[0], fields[1]};
  return {line, ""};  // a board written with spaces, e.g. "1 2 3 4 5 6 7 8 0"
}

void parse_batch_line(const std::string& line, PuzzleSpec& puzzle) {
  if (line.size() > kMaxBatchLine) {
    throw Error(Error::Kind::BadInput,
                fmt::format("line is too long (more than {} characters)", kMaxBatchLine));
  }
  const BatchFields fields = split_batch_line(line);
  puzzle.start = parse_board(fields.start, puzzle.shape);
  if (!fields.goal.empty()) puzzle.goal = parse_board(fields.goal, puzzle.start->shape());
}

}  // namespace slidegif::cli
