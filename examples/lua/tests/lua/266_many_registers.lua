-- A function with more registers than the interpreter copies nils for at
-- once (64): its frames are still nil past the copied ones, called often
-- enough to be traced.

local function wide(x, depth)
  local v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23, v24, v25, v26, v27, v28, v29, v30, v31, v32, v33, v34, v35, v36, v37, v38, v39, v40, v41, v42, v43, v44, v45, v46, v47, v48, v49, v50, v51, v52, v53, v54, v55, v56, v57, v58, v59, v60, v61, v62, v63, v64, v65, v66, v67, v68, v69, v70
  assert(v1 == nil and v35 == nil and v70 == nil)
  v1 = x + 1
  v8 = x + 8
  v15 = x + 15
  v22 = x + 22
  v29 = x + 29
  v36 = x + 36
  v43 = x + 43
  v50 = x + 50
  v57 = x + 57
  v64 = x + 64
  local s = 0
  for _, v in ipairs({v1, v8, v15, v22, v29, v36, v43, v50, v57, v64}) do s = s + v end
  if depth > 0 then s = s + wide(x + 1, depth - 1) end
  if v70 ~= nil or v69 ~= nil then error("a register was not nil") end
  return s
end

local total = 0
for i = 1, 300 do
  total = total + wide(i, i % 3)
end
print(total)
print(wide(1, 5))
