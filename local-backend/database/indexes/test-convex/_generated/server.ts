// Stands in for codegen output: convex-test finds a module root by its _generated folder.
export { mutationGeneric as mutation, queryGeneric as query } from "convex/server";
