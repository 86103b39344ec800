package dev.ppw.collect.pprof;

/**
 * The field numbers of pprof's {@code profile.proto} that the reader uses, as google/pprof publishes them in
 * {@code proto/profile.proto} (package {@code perftools.profiles}). Only numbers are taken: the reader walks the
 * wire format with {@link com.google.protobuf.CodedInputStream} and skips every field not listed here, so the
 * fields newer writers add ({@code Line.column}, {@code Profile.doc_url}) cost nothing.
 */
final class Proto {
    private Proto() {
    }

    // Profile.
    static final int PROFILE_SAMPLE_TYPE = 1;
    static final int PROFILE_SAMPLE = 2;
    static final int PROFILE_MAPPING = 3;
    static final int PROFILE_LOCATION = 4;
    static final int PROFILE_FUNCTION = 5;
    static final int PROFILE_STRING_TABLE = 6;
    static final int PROFILE_PERIOD_TYPE = 11;
    static final int PROFILE_PERIOD = 12;
    static final int PROFILE_DEFAULT_SAMPLE_TYPE = 14;

    // ValueType.
    static final int VALUE_TYPE_TYPE = 1;
    static final int VALUE_TYPE_UNIT = 2;

    // Sample.
    static final int SAMPLE_LOCATION_ID = 1;
    static final int SAMPLE_VALUE = 2;
    static final int SAMPLE_LABEL = 3;

    // Mapping.
    static final int MAPPING_ID = 1;
    static final int MAPPING_MEMORY_START = 2;
    static final int MAPPING_FILE_OFFSET = 4;
    static final int MAPPING_FILENAME = 5;

    // Location.
    static final int LOCATION_ID = 1;
    static final int LOCATION_MAPPING_ID = 2;
    static final int LOCATION_ADDRESS = 3;
    static final int LOCATION_LINE = 4;

    // Line.
    static final int LINE_FUNCTION_ID = 1;
    static final int LINE_LINE = 2;

    // Function.
    static final int FUNCTION_ID = 1;
    static final int FUNCTION_NAME = 2;
    static final int FUNCTION_SYSTEM_NAME = 3;
    static final int FUNCTION_FILENAME = 4;

    /** In the tables below, a repeated scalar: packed (length-delimited) or one varint. */
    static final int PACKED_OR_VARINT = 8;
    private static final int NO = -1;
    private static final int VARINT = 0;
    private static final int LEN = 2;

    // Per message, the wire type of each field number it defines (the index), for the fields the reader does not
    // use and skips: NO where profile.proto defines no such field. A field there of another wire type, or one
    // past the table, is content the reader cannot place.

    /** Profile: drop_frames (7), keep_frames (8), time_nanos (9), duration_nanos (10), comment (13), doc_url (15). */
    static final int[] PROFILE_UNREAD = {NO, LEN, LEN, LEN, LEN, LEN, LEN, VARINT, VARINT, VARINT, VARINT, LEN,
            VARINT, PACKED_OR_VARINT, VARINT, VARINT};
    /** Sample: location_id, value, label. */
    static final int[] SAMPLE_UNREAD = {NO, PACKED_OR_VARINT, PACKED_OR_VARINT, LEN};
    /** Mapping: memory_limit (3), build_id (6), has_functions ... has_inline_frames (7 to 10). */
    static final int[] MAPPING_UNREAD = {NO, VARINT, VARINT, VARINT, VARINT, VARINT, VARINT, VARINT, VARINT, VARINT,
            VARINT};
    /** Location: is_folded (5). */
    static final int[] LOCATION_UNREAD = {NO, VARINT, VARINT, VARINT, LEN, VARINT};
    /** Line: column (3). */
    static final int[] LINE_UNREAD = {NO, VARINT, VARINT, VARINT};
    /** Function: start_line (5). */
    static final int[] FUNCTION_UNREAD = {NO, VARINT, VARINT, VARINT, VARINT, VARINT};
    /** ValueType: type, unit. */
    static final int[] VALUE_TYPE_UNREAD = {NO, VARINT, VARINT};
}
