export declare const PDF_HEADER_SEARCH_BYTES: number;
export declare function hasPdfHeader(bytes: Uint8Array): boolean;
