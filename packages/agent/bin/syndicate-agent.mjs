#!/usr/bin/env node
// syndicate-agent --handler ./my-agent.mjs [--url …] [--credential …] (see ../README.md)
import { main } from "../dist/cli.js";

process.exitCode = await main(process.argv.slice(2));
