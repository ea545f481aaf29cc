import { unknownPath } from "@/lib/http/not-found-route";

export const dynamic = "force-dynamic";

// ANY /api itself (the catch-all beside this file needs a segment after it) – 404 problem+json
export { unknownPath as GET, unknownPath as POST, unknownPath as PUT, unknownPath as PATCH, unknownPath as DELETE };
