#include <anesim/model/safetensors_json.h>

#include <algorithm>
#include <set>
#include <string_view>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <anesim/io/json.h>
#include <anesim/io/text_functions.h>
#include <anesim/model/json_events.h>

namespace anesim {

// A named namespace, not an anonymous one: src/anesim/model/ compiles as one unit
// (cmake/UnityByFolder.cmake), and the header reader has helpers of its own.
namespace safetensors_events {

using json_events::fail_at;
using json_events::SkippedValue;
using json_events::StrictEvents;
using nlohmann::json;

// The header: {"name": {"dtype": ..., "shape": [...], "data_offsets": [b, e]},
// ..., "__metadata__": {...}}.
class HeaderEvents final : public StrictEvents {
 public:
  explicit HeaderEvents(const std::string& origin) : StrictEvents(origin, "header") {}
  std::vector<SafetensorsTensor> tensors;

  bool number_unsigned(number_unsigned_t v) override {
    if (skipped_.active()) return true;
    if (state_ != kDims) return scalar(std::to_string(v));
    if (dims_.size() == (field_ == kShape ? 8u : 2u)) fail_field();
    dims_.push_back(v);
    return true;
  }
  bool string(string_t& v) override {
    if (skipped_.active()) return true;
    if (state_ == kField && field_ == kDtype && !v.empty()) {
      tensors.back().dtype = std::move(v);
      seen_ |= kDtype;
      state_ = kEntry;
      return true;
    }
    return scalar(json(v).dump());
  }
  bool start_object(std::size_t) override { return start_container("an object", true); }
  bool start_array(std::size_t) override { return start_container("a list", false); }
  bool key(string_t& k) override {
    if (skipped_.active()) {
      if (!skipped_.add_key(k)) fail_repeated_key(k);
      return true;
    }
    if (state_ == kTensors) {
      if (k == "__metadata__") {
        if (metadata_seen_) fail("header: tensor '__metadata__' given twice");
        metadata_seen_ = in_metadata_ = true;
      } else {
        in_metadata_ = false;
        tensors.emplace_back();
        tensors.back().name = std::move(k);
      }
      state_ = kTensorValue;
      return true;
    }
    // kEntry: one of the three fields, each once.
    field_ = k == "dtype" ? kDtype : k == "shape" ? kShape : k == "data_offsets" ? kOffsets : 0;
    if (field_ == 0) {
      fail(fmt::format("{}: unknown key '{}' (dtype, shape, data_offsets)", where(),
                       printable(k, 40)));
    }
    if ((seen_ & field_) != 0) fail_repeated_key(k);
    state_ = kField;
    return true;
  }
  bool end_object() override {
    if (skipped_.active()) {
      if (skipped_.end()) state_ = kTensors;
      return true;
    }
    if (state_ == kEntry) {
      for (const unsigned f : {kDtype, kShape, kOffsets}) {
        if ((seen_ & f) == 0) {
          field_ = f;
          fail_field();
        }
      }
      state_ = kTensors;
    } else {
      state_ = kDone;
    }
    return true;
  }
  bool end_array() override {
    if (skipped_.active()) {
      if (skipped_.end()) state_ = kTensors;
      return true;
    }
    // kDims: the shape, or the offsets, which must be exactly two.
    SafetensorsTensor& t = tensors.back();
    if (field_ == kShape) {
      t.shape = dims_;
    } else {
      if (dims_.size() != 2) fail_field();
      t.begin = dims_[0];
      t.end = dims_[1];
    }
    seen_ |= field_;
    state_ = kEntry;
    return true;
  }

 private:
  enum State { kDocument, kTensors, kTensorValue, kEntry, kField, kDims, kDone };
  static constexpr unsigned kDtype = 1, kShape = 2, kOffsets = 4;

  std::string where() const {
    return fmt::format("header: {}", printable(tensors.back().name, 80));
  }

  [[noreturn]] void fail_field() const {
    switch (field_) {
      case kDtype:
        fail(where() + ".dtype: expected a dtype name such as F16");
      case kShape:
        fail(where() + ".shape: expected a list of at most 8 dimensions");
      default:
        fail(where() + ".data_offsets: expected [begin, end]");
    }
  }

  [[noreturn]] void fail_value() const {
    if (state_ == kDocument) fail("header: expected a JSON object of tensors");
    if (in_metadata_) fail("header: __metadata__: expected an object of strings");
    fail(where() + ": expected an object with dtype, shape and data_offsets");
  }

  bool scalar(const std::string& text) override {
    if (skipped_.active()) return true;
    if (state_ == kDims) {
      fail(fmt::format("{}.{}: expected a whole number, got {}", where(),
                       field_ == kShape ? "shape" : "data_offsets", printable(text, 60)));
    }
    if (state_ == kField) fail_field();
    fail_value();
  }

  bool start_container(const char* what, bool object) {
    if (skipped_.active()) {
      skipped_.start();
      return true;
    }
    switch (state_) {
      case kDocument:
        if (!object) fail_value();
        state_ = kTensors;
        return true;
      case kTensorValue:
        if (!object) fail_value();
        if (in_metadata_) {
          skipped_.start();
        } else {
          state_ = kEntry;
          seen_ = 0;
        }
        return true;
      case kField:
        if (object || field_ == kDtype) fail_field();
        dims_.clear();
        state_ = kDims;
        return true;
      default:  // kDims: an element that is itself a container
        return scalar(what);
    }
  }

  State state_ = kDocument;
  unsigned field_ = 0, seen_ = 0;  // the field being read; the fields read so far
  bool metadata_seen_ = false, in_metadata_ = false;
  std::vector<uint64_t> dims_;
  SkippedValue skipped_;
};

// The index: {"metadata": {...}, "weight_map": {"tensor": "shard", ...}}.
class IndexEvents final : public StrictEvents {
 public:
  explicit IndexEvents(const std::string& origin) : StrictEvents(origin, "index") {}
  IndexWeightMap map;

  bool number_unsigned(number_unsigned_t v) override { return scalar(std::to_string(v)); }
  bool string(string_t& v) override {
    if (!skipped_.active() && state_ == kShard) {
      map.shards.back().second = std::move(v);
      state_ = kMap;
      return true;
    }
    return scalar(std::string());
  }
  bool start_object(std::size_t) override { return start_container(true); }
  bool start_array(std::size_t) override { return start_container(false); }
  bool key(string_t& k) override {
    if (skipped_.active()) {
      if (!skipped_.add_key(k)) fail_repeated_key(k);
      return true;
    }
    if (state_ == kMap) {
      map.shards.emplace_back(std::move(k), std::string());
      state_ = kShard;
      return true;
    }
    // kTop
    if (!top_keys_.insert(k).second) fail_repeated_key(k);
    state_ = k == "weight_map" ? kMapValue : kTopValue;
    return true;
  }
  bool end_object() override { return end_container(); }
  bool end_array() override { return end_container(); }

 private:
  enum State { kDocument, kTop, kTopValue, kMapValue, kMap, kShard, kDone };

  bool scalar(const std::string&) override {
    switch (state_) {
      case kDocument:
        fail_not_index();
      case kMapValue:
        fail_map();
      case kShard:
        fail(fmt::format("weight_map.{}: expected a shard file name beside the index",
                         printable(map.shards.back().first, 80)));
      case kTopValue:
        state_ = kTop;
        return true;
      default:  // inside a skipped value
        return true;
    }
  }

  bool start_container(bool object) {
    if (skipped_.active()) {
      skipped_.start();
      return true;
    }
    switch (state_) {
      case kDocument:
        if (!object) fail_not_index();
        state_ = kTop;
        return true;
      case kMapValue:
        if (!object) fail_map();
        map.present = true;
        state_ = kMap;
        return true;
      case kShard:
        return scalar("");
      default:  // kTopValue: metadata, or any other key, walked over
        skipped_.start();
        return true;
    }
  }

  bool end_container() {
    if (skipped_.active()) {
      if (skipped_.end()) state_ = kTop;
      return true;
    }
    state_ = state_ == kMap ? kTop : kDone;
    return true;
  }

  [[noreturn]] void fail_not_index() const {
    fail("not a JSON object (model.safetensors.index.json)");
  }
  [[noreturn]] void fail_map() const {
    fail("weight_map: expected an object of tensor name to shard file");
  }

  State state_ = kDocument;
  std::set<std::string> top_keys_;
  SkippedValue skipped_;
};

template <class Events>
void parse_events(const std::string& text, Events& events, const std::string& origin,
                  const char* what) {
  try {
    json::sax_parse(text, &events);
  } catch (const json::exception& e) {
    fail_at(origin, fmt::format("{} is not readable JSON: {}", what, json_error_reason(e)));
  }
}

// `items` sorted by name through an index and moved once into place
// (sorting the items themselves would move each string many times);
// `repeated(name)` is called, and must throw, for a name given twice.
template <class T, class NameOf, class Repeated>
std::vector<T> sorted_by_name(std::vector<T>& items, NameOf name_of, Repeated repeated) {
  std::vector<std::pair<std::string_view, uint32_t>> order;
  order.reserve(items.size());
  for (uint32_t i = 0; i < items.size(); ++i) order.emplace_back(name_of(items[i]), i);
  std::sort(order.begin(), order.end());
  std::vector<T> out;
  out.reserve(items.size());
  for (const auto& [name, i] : order) {
    if (!out.empty() && name_of(out.back()) == name) repeated(name_of(items[i]));
    out.push_back(std::move(items[i]));
  }
  return out;
}

}  // namespace safetensors_events

std::vector<SafetensorsTensor> read_header_json(const std::string& text,
                                                const std::string& origin) {
  safetensors_events::HeaderEvents events(origin);
  safetensors_events::parse_events(text, events, origin, "header");
  return safetensors_events::sorted_by_name(
      events.tensors, [](const SafetensorsTensor& t) -> const std::string& { return t.name; },
      [&origin](const std::string& name) {
        safetensors_events::fail_at(
            origin, fmt::format("header: tensor '{}' given twice", printable(name, 80)));
      });
}

IndexWeightMap read_index_json(const std::string& text, const std::string& origin) {
  safetensors_events::IndexEvents events(origin);
  safetensors_events::parse_events(text, events, origin, "index");
  IndexWeightMap map;
  map.present = events.map.present;
  map.shards = safetensors_events::sorted_by_name(
      events.map.shards,
      [](const std::pair<std::string, std::string>& p) -> const std::string& { return p.first; },
      [&origin](const std::string& name) {
        safetensors_events::fail_at(
            origin, fmt::format("index: key '{}' given twice in one object", printable(name, 80)));
      });
  return map;
}

}  // namespace anesim
