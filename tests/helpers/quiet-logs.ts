// Every test file: the app's request log lines go nowhere (tests that read them capture them with
// useLogDestination). Servers the tests start as processes keep their own LOG_LEVEL.
import { useLogDestination } from "../../lib/http/log";

useLogDestination({ write: () => {} }, "silent");
