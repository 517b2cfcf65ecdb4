#pragma once
// Every field of a Job, named, in ONE list per struct: whatever must see a whole job (the ETag
// key, job_key.hpp) walks these lists instead of naming fields itself, so a new option cannot
// be left out of it. Each list is checked at compile time against the number of fields its
// struct has: a field added to the struct and not here stops the build at the static_assert.
//
//   visit_fields(job.solve, [](std::string_view name, const auto& value) { ... });

#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "app/job/job.hpp"

namespace slidegif::app {

template <class Struct, class Member>
struct Field {
  std::string_view name;
  Member Struct::*member;
};
template <class Struct, class Member>  // for clang 14, which lacks aggregate deduction
Field(std::string_view, Member Struct::*)->Field<Struct, Member>;

// FieldList<T>::fields: a tuple of Field, one per member of T, in the order they are visited.
template <class T>
struct FieldList;

template <class T>
concept HasFields = requires {
  FieldList<std::remove_const_t<T>>::fields;
};

// Calls f(name, object.member) for each field of `object` (const or not) in list order.
template <HasFields T, class F>
void visit_fields(T& object, F&& f) {
  std::apply([&](const auto&... field) { (f(field.name, object.*(field.member)), ...); },
             FieldList<std::remove_const_t<T>>::fields);
}

namespace field_counting {

// Converts to anything: T{AnyField{}, ...} compiles for up to as many initialisers as the
// aggregate T has fields (the technique of Boost.PFR). Never defined: unevaluated only.
struct AnyField {
  template <class T>
  operator T() const;
};

template <class T, class... Fields>
constexpr std::size_t field_count() {
  if constexpr (requires { T{Fields{}..., AnyField{}}; }) {
    return field_count<T, Fields..., AnyField>();
  } else {
    return sizeof...(Fields);
  }
}

}  // namespace field_counting

template <class T>
constexpr bool lists_every_field =
    std::tuple_size_v<std::remove_cvref_t<decltype(FieldList<T>::fields)>> ==
    field_counting::field_count<T>();

// The lists -------------------------------------------------------------------------------

template <>
struct FieldList<PuzzleSpec> {
  static constexpr std::tuple fields{
      Field{"start", &PuzzleSpec::start},
      Field{"goal", &PuzzleSpec::goal},
      Field{"random_goal", &PuzzleSpec::random_goal},
      Field{"shape", &PuzzleSpec::shape},
      Field{"seed", &PuzzleSpec::seed},
      Field{"moves", &PuzzleSpec::moves},
  };
};
static_assert(lists_every_field<PuzzleSpec>, "a field of PuzzleSpec is missing from its list");

template <>
struct FieldList<SolveOptions> {
  static constexpr std::tuple fields{
      Field{"max_seconds", &SolveOptions::max_seconds},
      Field{"max_nodes", &SolveOptions::max_nodes},
      Field{"near_optimal_fallback", &SolveOptions::near_optimal_fallback},
      Field{"fallback_seconds", &SolveOptions::fallback_seconds},
      Field{"use_pdb", &SolveOptions::use_pdb},
      Field{"threads", &SolveOptions::threads},
      Field{"metric", &SolveOptions::metric},
  };
};
static_assert(lists_every_field<SolveOptions>, "a field of SolveOptions is missing from its list");

// AnimationOptions lives in the rendering library, which knows nothing of jobs; its list is
// kept here, and the check below holds it to the struct.
template <>
struct FieldList<AnimationOptions> {
  static constexpr std::tuple fields{
      Field{"font", &AnimationOptions::font},
      Field{"theme", &AnimationOptions::theme},
      Field{"title", &AnimationOptions::title},
      Field{"tile_px", &AnimationOptions::tile_px},
      Field{"delay_ms", &AnimationOptions::delay_ms},
      Field{"first_hold_ms", &AnimationOptions::first_hold_ms},
      Field{"last_hold_ms", &AnimationOptions::last_hold_ms},
      Field{"tween", &AnimationOptions::tween},
      Field{"loop", &AnimationOptions::loop},
      Field{"max_duration_ms", &AnimationOptions::max_duration_ms},
      Field{"speed", &AnimationOptions::speed},
      Field{"optimal", &AnimationOptions::optimal},
      Field{"captions", &AnimationOptions::captions},
      Field{"mark_moving", &AnimationOptions::mark_moving},
      Field{"fit_tile", &AnimationOptions::fit_tile},
      Field{"fit_tween", &AnimationOptions::fit_tween},
      Field{"moves_per_frame", &AnimationOptions::moves_per_frame},
      Field{"metric", &AnimationOptions::metric},
      Field{"lang", &AnimationOptions::lang},
      Field{"picture", &AnimationOptions::picture},
      Field{"numbers", &AnimationOptions::numbers},
      Field{"dither", &AnimationOptions::dither},
      Field{"tile_note", &AnimationOptions::tile_note},
  };
};
static_assert(lists_every_field<AnimationOptions>,
              "a field of AnimationOptions is missing from its list");

template <>
struct FieldList<RenderLimits> {
  static constexpr std::tuple fields{
      Field{"min_tile_px", &RenderLimits::min_tile_px},
      Field{"max_tile_px", &RenderLimits::max_tile_px},
      Field{"max_tween", &RenderLimits::max_tween},
      Field{"min_delay_ms", &RenderLimits::min_delay_ms},
      Field{"max_delay_ms", &RenderLimits::max_delay_ms},
      Field{"max_loop", &RenderLimits::max_loop},
      Field{"max_duration_ms", &RenderLimits::max_duration_ms},
      Field{"min_speed", &RenderLimits::min_speed},
      Field{"max_speed", &RenderLimits::max_speed},
      Field{"max_title_bytes", &RenderLimits::max_title_bytes},
      Field{"max_frames", &RenderLimits::max_frames},
      Field{"max_frame_pixels", &RenderLimits::max_frame_pixels},
      Field{"max_total_pixels", &RenderLimits::max_total_pixels},
      Field{"max_video_pixels", &RenderLimits::max_video_pixels},
      Field{"max_picture_bytes", &RenderLimits::max_picture_bytes},
      Field{"max_picture_pixels", &RenderLimits::max_picture_pixels},
  };
};
static_assert(lists_every_field<RenderLimits>, "a field of RenderLimits is missing from its list");

template <>
struct FieldList<JobLimits> {
  static constexpr std::tuple fields{
      Field{"render", &JobLimits::render},
      Field{"max_cells", &JobLimits::max_cells},
  };
};
static_assert(lists_every_field<JobLimits>, "a field of JobLimits is missing from its list");

template <>
struct FieldList<Job> {
  static constexpr std::tuple fields{
      Field{"puzzle", &Job::puzzle},       Field{"solve", &Job::solve},
      Field{"animation", &Job::animation}, Field{"encoding", &Job::encoding},
      Field{"limits", &Job::limits},
  };
};
static_assert(lists_every_field<Job>, "a field of Job is missing from its list");

}  // namespace slidegif::app
