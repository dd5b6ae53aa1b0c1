-- splitting and joining strings
local function split(s, sep)
  local out = {}
  local start = 1
  while true do
    local i, j = string.find(s, sep, start, true)
    if not i then
      out[#out + 1] = s:sub(start)
      break
    end
    out[#out + 1] = s:sub(start, i - 1)
    start = j + 1
  end
  return out
end
local parts = split("a,b,,c,", ",")
print(#parts)
for i, p in ipairs(parts) do print(i, "[" .. p .. "]") end
print(table.concat(split("one::two::three", "::"), "|"))
print(table.concat(split("nosep", ","), "|"))
local words = {}
for w in ("  the quick  brown fox "):gmatch("%S+") do words[#words + 1] = w end
print(#words, table.concat(words, "_"))
local function trim(s) return (s:gsub("^%s+", ""):gsub("%s+$", "")) end
print("[" .. trim("   padded text \t\n") .. "]")
print("[" .. trim("") .. "]", "[" .. trim("   ") .. "]")
local function join(t, sep) return table.concat(t, sep) end
print(join({1, 2, 3}, " + ") .. " = " .. 1 + 2 + 3)
