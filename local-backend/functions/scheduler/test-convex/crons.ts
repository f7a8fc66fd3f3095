import { cronJobs, makeFunctionReference } from "convex/server";

const crons = cronJobs();
crons.interval("tick", { seconds: 1 }, makeFunctionReference<"mutation">("jobs:tick"));
export default crons;
