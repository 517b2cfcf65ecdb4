#include "render/gif/coded_move.hpp"

#include "render/pixels/little_endian.hpp"

namespace slidegif::detail {

namespace {

constexpr std::size_t kRecordHead = 15;  // kind, byte count, columns, bit count, top row

}  // namespace

void append_piece(std::vector<std::uint8_t>& coded, const CodedPiece& piece) {
  const auto u16 = [](int v) { return static_cast<std::uint16_t>(v); };
  const auto u32 = [](std::size_t v) { return static_cast<std::uint32_t>(v); };
  coded.push_back(piece.split ? 1 : 0);
  write_le(coded, u32(piece.bytes.size()));
  write_le(coded, u16(piece.split ? piece.x : 0));
  write_le(coded, u16(piece.split ? piece.w : 0));
  write_le(coded, u32(piece.split ? piece.bits : 0));
  write_le(coded, u16(piece.split ? piece.top : 0));
  coded.insert(coded.end(), piece.bytes.begin(), piece.bytes.end());
}

std::optional<std::vector<CodedPiece>> read_pieces(std::span<const std::uint8_t> coded) {
  std::vector<CodedPiece> out;
  std::size_t at = 0;
  while (at < coded.size()) {
    if (coded.size() - at < kRecordHead || coded[at] > 1) return std::nullopt;
    CodedPiece p;
    p.split = coded[at] == 1;
    const std::size_t n = read_le<std::uint32_t>(&coded[at + 1]);
    p.x = read_le<std::uint16_t>(&coded[at + 5]);
    p.w = read_le<std::uint16_t>(&coded[at + 7]);
    p.bits = read_le<std::uint32_t>(&coded[at + 9]);
    p.top = read_le<std::uint16_t>(&coded[at + 13]);
    at += kRecordHead;
    if (n > coded.size() - at || (p.split ? p.bits > n * 8 || p.bits + 8 <= n * 8
                                          : p.bits != 0 || p.top != 0 || p.x != 0 || p.w != 0))
      return std::nullopt;
    p.bytes = coded.subspan(at, n);
    at += n;
    out.push_back(p);
  }
  return out;
}

}  // namespace slidegif::detail
