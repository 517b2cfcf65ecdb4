#pragma once
// The words an animation draws, one table per language. Adding a language is adding a table in
// src/render/text/language.cpp; tests/render/text/language_test.cpp holds every table to every
// phrase and placeholder of the English one.
//
//   const slidegif::detail::Language* zh = slidegif::detail::find_language("zh");
//   std::string s = slidegif::detail::say(*zh, slidegif::detail::Phrase::Step, {.step = 15, .total
//   = 31,
//                                 .tile = 4, .direction = slidegif::detail::Phrase::TileLeft});
//   // "第 15/31 步：4 号方块向左移"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace slidegif::detail {

// Placeholders: {moves} {step} {total} {tile} {tiles} {direction}.
enum class Phrase : std::size_t {
  StartOneMove,   // "Start — {moves} move to go"
  StartMoves,     // "Start — {moves} moves to go"
  StartSolved,    // "Start — already solved"
  Step,           // "Step {step} / {total} — tile {tile} moves {direction}"
  SolvedOneMove,  // "Solved in {moves} move"
  SolvedMoves,    // "Solved in {moves} moves"
  NotOptimal,     // " (not proven optimal)", after the solved caption
  TileUp,         // the directions a tile moves in, as {direction}
  TileDown,
  TileLeft,
  TileRight,
  Goal,             // "Goal — the board to reach", over a goal frame
  StepShort,        // "{step}/{total}: tile {tile} {direction}", when Step does not fit
  NotOptimalShort,  // " (unproven)", when NotOptimal does not fit
  StartShort,       // "Start: {moves} to go", when StartMoves does not fit
  SolvedShort,      // "Solved in {moves}", when SolvedMoves does not fit
  StepLine,         // "Step {step} / {total} — tiles {tiles} move {direction}" (multi-tile)
  StepLineShort,    // "{step}/{total}: tiles {tiles} {direction}"
  TileSeparator,    // ", " between the numbers of {tiles}
  Count
};
inline constexpr std::size_t kPhraseCount = static_cast<std::size_t>(Phrase::Count);

struct Language {
  std::string_view code;  // as in AnimationOptions::lang: "en", "zh"
  std::string_view name;  // in the language itself
  std::array<std::string_view, kPhraseCount> phrases;
  std::string_view operator[](Phrase p) const { return phrases[static_cast<std::size_t>(p)]; }
};

// Every language; the first (English) is the default. The tables are constant.
const std::vector<Language>& languages();
// Null for a code no table has.
const Language* find_language(std::string_view code);
std::vector<std::string> language_codes();

struct PhraseArgs {
  long long moves = 0, step = 0, total = 0, tile = 0;
  std::string tiles{};  // a multi-tile move's tiles, in the order they move
  Phrase direction = Phrase::TileUp;
};
// The phrase with its placeholders filled in.
std::string say(const Language& language, Phrase phrase, const PhraseArgs& args = {});
// Every phrase of the table, placeholders and all: the characters a font must have.
std::string all_phrases(const Language& language);

}  // namespace slidegif::detail
