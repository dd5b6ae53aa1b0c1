-- realistic: a tokenizer and recursive-descent calculator using patterns
local function tokenize(src)
  local tokens, pos = {}, 1
  while pos <= #src do
    local s, e = src:find("^%s+", pos)
    if s then pos = e + 1 else
      local num = src:match("^%d+%.?%d*", pos)
      if num then
        tokens[#tokens + 1] = {kind = "num", value = tonumber(num)}
        pos = pos + #num
      else
        local id = src:match("^[%a_][%w_]*", pos)
        if id then
          tokens[#tokens + 1] = {kind = "id", value = id}
          pos = pos + #id
        else
          local op = src:sub(pos, pos)
          if not op:match("[%+%-%*/%^%%%(%),]") then error("bad character '" .. op .. "' at " .. pos, 0) end
          tokens[#tokens + 1] = {kind = "op", value = op}
          pos = pos + 1
        end
      end
    end
  end
  tokens[#tokens + 1] = {kind = "eof", value = "<eof>"}
  return tokens
end
local funcs = {sqrt = math.sqrt, max = math.max, min = math.min, abs = math.abs}
local vars = {pi = math.pi, x = 10}
local function evaluate(src)
  local toks, i = tokenize(src), 1
  local function peek() return toks[i] end
  local function take() i = i + 1; return toks[i - 1] end
  local function expect(v)
    local t = take()
    if t.value ~= v then error("expected " .. v .. " got " .. tostring(t.value), 0) end
  end
  local expr
  local function primary()
    local t = take()
    if t.kind == "num" then return t.value end
    if t.value == "-" then return -primary() end
    if t.value == "(" then local v = expr(0); expect(")"); return v end
    if t.kind == "id" then
      if peek().value == "(" then
        take()
        local args = {expr(0)}
        while peek().value == "," do take(); args[#args + 1] = expr(0) end
        expect(")")
        return funcs[t.value](table.unpack(args))
      end
      return vars[t.value] or error("unknown variable " .. t.value, 0)
    end
    error("unexpected " .. tostring(t.value), 0)
  end
  local prec = {["+"] = 1, ["-"] = 1, ["*"] = 2, ["/"] = 2, ["%"] = 2, ["^"] = 3}
  function expr(minp)
    local lhs = primary()
    while true do
      local op = peek().value
      local p = prec[op]
      if not p or p <= minp then break end
      take()
      local rhs = expr(op == "^" and p - 1 or p)
      if op == "+" then lhs = lhs + rhs elseif op == "-" then lhs = lhs - rhs
      elseif op == "*" then lhs = lhs * rhs elseif op == "/" then lhs = lhs / rhs
      elseif op == "%" then lhs = lhs % rhs else lhs = lhs ^ rhs end
    end
    return lhs
  end
  local v = expr(0)
  if peek().kind ~= "eof" then error("trailing " .. peek().value, 0) end
  return v
end
for _, e in ipairs({"1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "10 / 4", "7 % 3 + x",
                    "-3 + max(1, 5, 2) * 2", "sqrt(16) + abs(-2.5)", "2 * pi", "1 +", "4 $ 4", "y + 1"}) do
  local ok, v = pcall(evaluate, e)
  print(string.format("%-24s => %s", e, ok and tostring(v) or ("error: " .. v)))
end
