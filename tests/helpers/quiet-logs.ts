// Every test file: the app's request log lines go nowhere (tests that read them capture them with
// useLogDestination). Servers the tests start as processes keep their own LOG_LEVEL.
// Every test file is also an app process: it registers what the server's startup registers (the
// event catalog, the outbox's subscribers, the deletion guards, the job kinds; docs/events.md).
import { useLogDestination } from "../../lib/http/log";
import { registerApp } from "../../lib/startup/register";

useLogDestination({ write: () => {} }, "silent");
registerApp();
