-- json.lua: a JSON encoder and decoder written in Lua.
-- Exercises string scanning with string.byte/sub/find, pattern matching,
-- table construction, table.concat buffers, table.sort of object keys,
-- and recursion. Encodes a generated document, decodes it, re-encodes and
-- compares, N times. Object keys are written in sorted order.

local N = tonumber(arg and arg[1]) or 60

local byte, char, sub, find, format = string.byte, string.char, string.sub, string.find, string.format
local concat, sort, floor = table.concat, table.sort, math.floor

---------------------------------------------------------------- encoder
local ESCAPES = { ['"'] = '\\"', ['\\'] = '\\\\', ['\b'] = '\\b', ['\f'] = '\\f',
                  ['\n'] = '\\n', ['\r'] = '\\r', ['\t'] = '\\t' }

local function escape_char(c)
  return ESCAPES[c] or format("\\u%04x", byte(c))
end

local encode_value

local function encode_string(s, buf)
  buf[#buf + 1] = '"' .. s:gsub('[%c"\\]', escape_char) .. '"'
end

local function encode_table(t, buf)
  if t[1] ~= nil or next(t) == nil then          -- array
    buf[#buf + 1] = "["
    for i = 1, #t do
      if i > 1 then buf[#buf + 1] = "," end
      encode_value(t[i], buf)
    end
    buf[#buf + 1] = "]"
  else                                           -- object, keys sorted
    local keys = {}
    for k in pairs(t) do keys[#keys + 1] = k end
    sort(keys)
    buf[#buf + 1] = "{"
    for i, k in ipairs(keys) do
      if i > 1 then buf[#buf + 1] = "," end
      encode_string(k, buf)
      buf[#buf + 1] = ":"
      encode_value(t[k], buf)
    end
    buf[#buf + 1] = "}"
  end
end

function encode_value(v, buf)
  local ty = type(v)
  if ty == "string" then
    encode_string(v, buf)
  elseif ty == "number" then
    if v == floor(v) and v > -2^53 and v < 2^53 then
      buf[#buf + 1] = format("%d", v)
    else
      buf[#buf + 1] = format("%.14g", v)
    end
  elseif ty == "boolean" then
    buf[#buf + 1] = v and "true" or "false"
  elseif ty == "table" then
    encode_table(v, buf)
  elseif v == nil then
    buf[#buf + 1] = "null"
  else
    error("cannot encode " .. ty)
  end
end

local function encode(v)
  local buf = {}
  encode_value(v, buf)
  return concat(buf)
end

---------------------------------------------------------------- decoder
local decode_value

local function skip_ws(s, pos)
  return (find(s, "[^ \t\r\n]", pos)) or #s + 1
end

local function utf8_char(cp)
  if cp < 0x80 then return char(cp) end
  if cp < 0x800 then return char(0xC0 + floor(cp / 64), 0x80 + cp % 64) end
  return char(0xE0 + floor(cp / 4096), 0x80 + floor(cp / 64) % 64, 0x80 + cp % 64)
end

local UNESCAPE = { [98] = "\b", [102] = "\f", [110] = "\n", [114] = "\r", [116] = "\t",
                   [34] = '"', [92] = "\\", [47] = "/" }

local function decode_string(s, pos)            -- pos is just after the opening quote
  local parts, start = {}, pos
  while true do
    local q = find(s, '["\\]', pos)
    if not q then error("unterminated string at " .. start) end
    if byte(s, q) == 34 then                    -- closing quote
      parts[#parts + 1] = sub(s, pos, q - 1)
      return concat(parts), q + 1
    end
    parts[#parts + 1] = sub(s, pos, q - 1)
    local e = byte(s, q + 1)
    if e == 117 then                            -- \uXXXX
      parts[#parts + 1] = utf8_char(tonumber(sub(s, q + 2, q + 5), 16))
      pos = q + 6
    else
      parts[#parts + 1] = UNESCAPE[e] or error("bad escape at " .. q)
      pos = q + 2
    end
  end
end

local function decode_number(s, pos)
  local a, b = find(s, "^-?%d+%.?%d*[eE]?[-+]?%d*", pos)
  if not a then error("bad number at " .. pos) end
  return tonumber(sub(s, a, b)), b + 1
end

local function decode_array(s, pos)            -- pos is just after '['
  local arr, n = {}, 0
  pos = skip_ws(s, pos)
  if byte(s, pos) == 93 then return arr, pos + 1 end
  while true do
    local v
    v, pos = decode_value(s, pos)
    n = n + 1
    arr[n] = v
    pos = skip_ws(s, pos)
    local c = byte(s, pos)
    if c == 93 then return arr, pos + 1 end
    if c ~= 44 then error("expected ',' or ']' at " .. pos) end
    pos = pos + 1
  end
end

local function decode_object(s, pos)           -- pos is just after '{'
  local obj = {}
  pos = skip_ws(s, pos)
  if byte(s, pos) == 125 then return obj, pos + 1 end
  while true do
    if byte(s, pos) ~= 34 then error("expected key at " .. pos) end
    local key, v
    key, pos = decode_string(s, pos + 1)
    pos = skip_ws(s, pos)
    if byte(s, pos) ~= 58 then error("expected ':' at " .. pos) end
    v, pos = decode_value(s, pos + 1)
    obj[key] = v
    pos = skip_ws(s, pos)
    local c = byte(s, pos)
    if c == 125 then return obj, pos + 1 end
    if c ~= 44 then error("expected ',' or '}' at " .. pos) end
    pos = skip_ws(s, pos + 1)
  end
end

function decode_value(s, pos)
  pos = skip_ws(s, pos)
  local c = byte(s, pos)
  if c == 123 then return decode_object(s, pos + 1)
  elseif c == 91 then return decode_array(s, pos + 1)
  elseif c == 34 then return decode_string(s, pos + 1)
  elseif c == 116 and sub(s, pos, pos + 3) == "true" then return true, pos + 4
  elseif c == 102 and sub(s, pos, pos + 4) == "false" then return false, pos + 5
  elseif c == 110 and sub(s, pos, pos + 3) == "null" then return nil, pos + 4
  else return decode_number(s, pos)
  end
end

local function decode(s)
  local v, pos = decode_value(s, 1)
  if skip_ws(s, pos) <= #s then error("trailing garbage at " .. pos) end
  return v
end

---------------------------------------------------------------- benchmark
local seed = 42
local function random(n)                        -- Park-Miller, exact in doubles
  seed = seed * 16807 % 2147483647
  return seed % n
end

local WORDS = { "lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit" }
local function make_document(count)
  local users = {}
  for i = 1, count do
    local tags, history = {}, {}
    for j = 1, 1 + random(4) do tags[j] = WORDS[random(#WORDS) + 1] end
    for j = 1, 5 do history[j] = random(100000) - 50000 end
    users[i] = {
      id = i, name = "user" .. i, email = "user" .. i .. "@example.com",
      active = random(2) == 1, score = random(1000000) / 100, ratio = random(1000) / 7,
      tags = tags, history = history,
      address = { street = random(999) .. " " .. WORDS[random(#WORDS) + 1] .. " St.",
                  city = WORDS[random(#WORDS) + 1], zip = format("%05d", random(100000)) },
      note = "line one\nline \"two\"\ttabbed \\ back\1slash " .. i,
    }
  end
  return { version = 3, generator = "rpylua-bench", users = users, empty = {},
           unicode = "caf\195\169 \226\130\172" }
end

local doc = make_document(200)
local total_len, score_sum, tag_count, id_sum = 0, 0, 0, 0
for _ = 1, N do
  local text = encode(doc)
  local back = decode(text)
  local again = encode(back)
  if again ~= text then error("round trip mismatch") end
  total_len = total_len + #text
  for _, u in ipairs(back.users) do
    score_sum = score_sum + u.score + u.ratio
    tag_count = tag_count + #u.tags
    id_sum = id_sum + u.id + u.history[3]
  end
end

local sample = encode(doc.users[1])
print(format("length: %d", total_len))
print(format("scores: %.6f", score_sum))
print(format("tags: %d ids: %d", tag_count, id_sum))
print(format("sample: %s", sub(sample, 1, 60)))
