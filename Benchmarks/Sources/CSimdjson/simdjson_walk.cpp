// The C ceiling: simdjson's DOM parse of the same bytes, then a walk over every value so that
// the parse result is really used (strings read through their length, numbers through their
// value). Built only where /usr/include/simdjson.h exists (see Package.swift).
#include "loom_simdjson.h"

#include <simdjson.h>

#include <cstring>

namespace {

simdjson::dom::parser &threadParser() {
    thread_local simdjson::dom::parser parser;
    return parser;
}

struct Walk {
    uint64_t checksum = 0;
    int64_t values = 0;

    void visit(simdjson::dom::element element) {
        values += 1;
        switch (element.type()) {
        case simdjson::dom::element_type::ARRAY:
            for (simdjson::dom::element child : simdjson::dom::array(element)) visit(child);
            checksum += 1;
            break;
        case simdjson::dom::element_type::OBJECT:
            for (simdjson::dom::key_value_pair member : simdjson::dom::object(element)) {
                checksum += member.key.size();
                visit(member.value);
            }
            checksum += 2;
            break;
        case simdjson::dom::element_type::STRING:
            checksum += std::string_view(element).size();
            break;
        case simdjson::dom::element_type::INT64:
            checksum += static_cast<uint64_t>(int64_t(element));
            break;
        case simdjson::dom::element_type::UINT64:
            checksum += uint64_t(element);
            break;
        case simdjson::dom::element_type::DOUBLE: {
            double value = double(element);
            uint64_t bits;
            std::memcpy(&bits, &value, sizeof bits);
            checksum += bits;
            break;
        }
        case simdjson::dom::element_type::BOOL:
            checksum += bool(element) ? 3 : 5;
            break;
        case simdjson::dom::element_type::NULL_VALUE:
            checksum += 7;
            break;
        }
    }
};

bool parseAndWalk(const uint8_t *bytes, size_t length, Walk &walk) {
    simdjson::dom::element root;
    // realloc_if_needed = false: the caller provides the padding, as simdjson requires.
    if (threadParser().parse(bytes, length, false).get(root) != simdjson::SUCCESS) return false;
    walk.visit(root);
    return true;
}

}  // namespace

extern "C" size_t loom_simdjson_padding(void) { return simdjson::SIMDJSON_PADDING; }

extern "C" int64_t loom_simdjson_parse_walk(const uint8_t *bytes, size_t length) {
    Walk walk;
    if (!parseAndWalk(bytes, length, walk)) return -1;
    return static_cast<int64_t>(walk.checksum & 0x7fffffffffffffffULL);
}

extern "C" int64_t loom_simdjson_count_values(const uint8_t *bytes, size_t length) {
    Walk walk;
    if (!parseAndWalk(bytes, length, walk)) return -1;
    return walk.values;
}
