/** Functions the search tests drive: add articles, search their bodies, find the nearest embeddings. */
import { v } from "convex/values";
import { action, mutation, query } from "./_generated/server";

export const add = mutation({
  args: { title: v.string(), body: v.string(), section: v.string(), embedding: v.optional(v.array(v.float64())) },
  handler: (ctx, article) => ctx.db.insert("articles", article),
});

/** Titles of the articles whose body matches `text`, best first; `section` filters, `field` searches another field. */
export const search = query({
  args: { text: v.string(), section: v.optional(v.string()), filterField: v.optional(v.string()), take: v.optional(v.number()) },
  handler: async (ctx, { text, section, filterField, take }) => {
    const rows = await ctx.db
      .query("articles")
      .withSearchIndex("search_body", (q) => {
        const search = q.search("body", text);
        // A filter on a field the index does not declare, when the test asks for one.
        if (filterField !== undefined)
          return (search as unknown as { eq: (field: string, value: string) => typeof search }).eq(filterField, section ?? "");
        return section === undefined ? search : search.eq("section", section);
      })
      .take(take ?? 100);
    return rows.map((row) => row.title);
  },
});

export const nearest = action({
  args: { vector: v.array(v.float64()), limit: v.optional(v.number()), filterField: v.optional(v.string()) },
  handler: async (ctx, { vector, limit, filterField }) => {
    const results = await ctx.vectorSearch("articles", "by_embedding", {
      vector,
      ...(limit === undefined ? {} : { limit }),
      ...(filterField === undefined
        ? {}
        : { filter: (q) => (q as unknown as { eq: (field: string, value: string) => never }).eq(filterField, "x") }),
    });
    return results.length;
  },
});

/** A page of one section's articles, newest first. */
export const page = query({
  args: { section: v.string(), cursor: v.union(v.string(), v.null()) },
  handler: (ctx, { section, cursor }) =>
    ctx.db
      .query("articles")
      .filter((q) => q.eq(q.field("section"), section))
      .order("desc")
      .paginate({ numItems: 2, cursor }),
});
