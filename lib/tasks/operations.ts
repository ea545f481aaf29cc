// API operations of this area, registered in lib/openapi (each export is one Operation).
export {};
