#include "render/text/language.hpp"

#include <fmt/format.h>

namespace slidegif::detail {

namespace {

// English is the reference (and the wording the GIFs always had). Each other table says the
// same things the way a reader of that language would, not word for word: Chinese counts steps
// as 第 N 步 and names a tile by its number (4 号方块).
const std::vector<Language> kLanguages = {
    {"en",
     "English",
     {
         "Start — {moves} move to go",
         "Start — {moves} moves to go",
         "Start — already solved",
         "Step {step} / {total} — tile {tile} moves {direction}",
         "Solved in {moves} move",
         "Solved in {moves} moves",
         " (not proven optimal)",
         "up",
         "down",
         "left",
         "right",
         "Goal — the board to reach",
         "{step}/{total}: tile {tile} {direction}",
         " (unproven)",
         "Start: {moves} to go",
         "Solved in {moves}",
         "Step {step} / {total} — tiles {tiles} move {direction}",
         "{step}/{total}: tiles {tiles} {direction}",
         ", ",
     }},
    {"zh",
     "中文",
     {
         "开始：还需 {moves} 步",
         "开始：还需 {moves} 步",
         "开始：已经复原",
         "第 {step}/{total} 步：{tile} 号方块向{direction}移",
         "完成！共 {moves} 步",
         "完成！共 {moves} 步",
         "（未证明最优）",
         "上",
         "下",
         "左",
         "右",
         "目标：要拼成的样子",
         "{step}/{total}：{tile} 号向{direction}",
         "（未证最优）",
         "开始：还需 {moves} 步",
         "完成！共 {moves} 步",
         "第 {step}/{total} 步：{tiles} 号方块向{direction}移",
         "{step}/{total}：{tiles} 号向{direction}",
         "、",
     }},
};

}  // namespace

const std::vector<Language>& languages() {
  return kLanguages;
}

const Language* find_language(std::string_view code) {
  for (const auto& l : kLanguages) {
    if (l.code == code) return &l;
  }
  return nullptr;
}

std::vector<std::string> language_codes() {
  std::vector<std::string> codes;
  for (const auto& l : kLanguages) codes.emplace_back(l.code);
  return codes;
}

std::string say(const Language& language, Phrase phrase, const PhraseArgs& a) {
  return fmt::format(fmt::runtime(language[phrase]), fmt::arg("moves", a.moves),
                     fmt::arg("step", a.step), fmt::arg("total", a.total), fmt::arg("tile", a.tile),
                     fmt::arg("tiles", a.tiles), fmt::arg("direction", language[a.direction]));
}

std::string all_phrases(const Language& language) {
  std::string text;
  for (const auto p : language.phrases) text += p;
  return text;
}

}  // namespace slidegif::detail
