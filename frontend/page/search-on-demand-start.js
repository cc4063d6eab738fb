// A classic script (not a module: it must run before Material's bundle, at the end of the
// <body>, asks for its index), linked in every page's <head> by the `lessons` plugin.
import { holdSearchIndex } from "./search-on-demand.js";

holdSearchIndex(window);
