// Stands in for codegen output: convex-test finds a module root by its _generated folder.
export {
  actionGeneric as action,
  internalMutationGeneric as internalMutation,
  mutationGeneric as mutation,
  queryGeneric as query,
} from "convex/server";
