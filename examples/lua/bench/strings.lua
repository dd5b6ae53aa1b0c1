-- strings.lua: string building and the string library.
-- Exercises table.concat, `..` in loops, string.format (%d %s %5.2f),
-- gsub with patterns, captures and function/table replacements, gmatch,
-- find (plain and pattern), rep, sub, byte/char, upper/lower.

local N = tonumber(arg and arg[1]) or 1000

local format, byte, char, sub = string.format, string.byte, string.char, string.sub

local NAMES = { "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta" }

-- Polynomial hash of a string, sampling every `step`-th byte.
local function hash(s, h, step)
  for i = 1, #s, step or 1 do
    h = (h * 31 + byte(s, i)) % 1000000007
  end
  return h
end

-- Records built with string.format and joined with table.concat.
local function build_records(round)
  local parts = {}
  for i = 1, 200 do
    local name = NAMES[(i + round) % #NAMES + 1]
    parts[#parts + 1] = format("%d:%s:%5.2f; ", i, name, i * 0.37 + round)
  end
  return table.concat(parts)
end

-- Repeated `..` concatenation (quadratic copying, kept small).
local function build_concat(round)
  local s = ""
  for i = 1, 60 do
    s = s .. NAMES[i % #NAMES + 1] .. "," .. i .. "|"
  end
  return s .. round
end

-- Caesar shift via byte/char, one character at a time.
local function rot13(s)
  local out = {}
  for i = 1, #s do
    local c = byte(s, i)
    if c >= 97 and c <= 122 then
      c = (c - 97 + 13) % 26 + 97
    elseif c >= 65 and c <= 90 then
      c = (c - 65 + 13) % 26 + 65
    end
    out[i] = char(c)
  end
  return table.concat(out)
end

-- Reverse via sub.
local function reverse(s)
  local out = {}
  local n = #s
  for i = n, 1, -1 do
    out[n - i + 1] = sub(s, i, i)
  end
  return table.concat(out)
end

-- Count plain occurrences of needle with repeated find.
local function count_plain(s, needle)
  local count, init = 0, 1
  while true do
    local a, b = s:find(needle, init, true)
    if not a then return count end
    count = count + 1
    init = b + 1
  end
end

local upper_map = {}
for _, name in ipairs(NAMES) do
  upper_map[name] = name:upper()
end

local h, total_len, subs, found, words = 7, 0, 0, 0, 0
for round = 1, N do
  local rec = build_records(round)
  total_len = total_len + #rec

  -- function replacement with two captures
  local swapped, n1 = rec:gsub("(%d+):(%a+)", function(num, name)
    return name .. "=" .. num
  end)
  -- table replacement and string replacement with %1
  local upped, n2 = swapped:gsub("%a+", upper_map)
  local bracketed, n3 = upped:gsub("%.(%d%d)", "<%1>")
  local squeezed, n4 = bracketed:gsub("%s+", " ")
  subs = subs + n1 + n2 + n3 + n4

  found = found + count_plain(rec, "alpha") + count_plain(upped, "GAMMA")
  local pos = rec:find("zeta:%s*%d+%.%d+")
  found = found + (pos or 0)

  for word in squeezed:gmatch("[%a_]+=%d+") do
    words = words + #word
  end

  local cat = build_concat(round)
  local line = string.rep("ab-", 40) .. cat
  local r = rot13(line)
  local back = reverse(reverse(r))
  assert(rot13(back) == line)
  total_len = total_len + #line + #squeezed
  h = hash(squeezed, h, 7)
  h = hash(r, h, 3)
  h = hash(format("%s|%d|%5.2f|%-8s|%x", sub(cat, 1, 10), round, round / 7, "ok", round), h)
end

print(format("length: %d", total_len))
print(format("substitutions: %d", subs))
print(format("found: %d words: %d", found, words))
print(format("hash: %d", h))
